import type { WordQuery } from './store.ts';
import { textMatcher } from './word-match.ts';

// BM25 without its inverse document frequency: how often a segment says the query's words, for its
// length (k1 = 1.2, b = 0.75, the usual constants). FTS5's bm25() computes each word's document count by
// reading every match of the word across the whole library, which inside one meeting was most of the
// search; the IDF is the same for every segment a single-word query matches anyway.

const K1 = 1.2;
const B = 0.75;
const TOKEN = /[\p{L}\p{N}]+/gu;

/** The rows best first by the occurrences of the query's words (as the store matched them); ties keep their order. */
export function rankByTermFrequency<T extends { text: string }>(rows: T[], query: WordQuery): T[] {
  const readings = [
    ...query.words.map((w) => ({ term: w.word, prefix: w.prefix, others: w.others })),
    ...(query.anyOf ?? []).map((term) => ({ term, prefix: false, others: [] })),
  ];
  const match = textMatcher({ terms: readings.map((r) => r.term), phrases: [] }, readings);
  const measured = rows.map((row, index) => ({
    row,
    index,
    frequency: match(row.text).highlights.length,
    length: row.text.match(TOKEN)?.length ?? 0,
  }));
  const averageLength = measured.reduce((sum, m) => sum + m.length, 0) / Math.max(1, measured.length) || 1;
  const score = (m: (typeof measured)[number]) =>
    (m.frequency * (K1 + 1)) / (m.frequency + K1 * (1 - B + (B * m.length) / averageLength));
  return measured
    .map((m) => ({ ...m, score: score(m) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((m) => m.row);
}
