import { stemOf } from '../lib/words/stems.ts';
import type { ParsedQuery } from './query-parser.ts';

// Decides, word by word, whether a segment's text holds a query word the way the retrievers read it:
// as typed, by its stem, as the start of a word (a word the transcripts do not hold), or as one of the
// alternatives the engine chose for it (forgiveness.ts). The database retrievers find candidates; this
// one place says which characters to highlight, the same way on SQLite and PostgreSQL.

export interface Highlight {
  start: number;
  end: number;
}

/** How one query word is read: also as a prefix, and the other words that may stand for it. */
export interface Reading {
  term: string;
  prefix: boolean;
  others: string[];
}

/** A word shorter than this is never read as the start of a longer one. */
export const PREFIX_MIN_LENGTH = 2;

/** Whether `word` (lower-case) is the reading's word, one of its forms or one of its alternatives. */
export function matchesReading(reading: Reading, word: string): boolean {
  const { term, prefix, others } = reading;
  if (word === term || stemOf(word) === stemOf(term)) return true;
  if (prefix && term.length >= PREFIX_MIN_LENGTH && word.startsWith(term)) return true;
  return others.some((other) => other === word || stemOf(other) === stemOf(word));
}

interface TextWord {
  word: string;
  start: number;
  end: number;
}

function textWords(text: string): TextWord[] {
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({
    word: m[0].toLowerCase(),
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
}

/**
 * Matches texts against one query read a given way (by default each word as typed, stemmed, or as a
 * prefix). Words repeat across segments, so each distinct word is judged once per search.
 */
export function textMatcher(
  query: ParsedQuery,
  readings: Reading[] = query.terms.map((term) => ({ term, prefix: true, others: [] })),
) {
  const termsOfWord = new Map<string, string[]>();
  const termsMatching = (word: string) => {
    let terms = termsOfWord.get(word);
    if (!terms) {
      terms = readings.filter((r) => matchesReading(r, word)).map((r) => r.term);
      termsOfWord.set(word, terms);
    }
    return terms;
  };
  /** The character ranges of `text` that match the query, and whether every query word matched. */
  const match = (text: string): { highlights: Highlight[]; allTermsMatched: boolean } => {
    const found = new Set<string>();
    const highlights: Highlight[] = [];
    for (const w of textWords(text)) {
      const terms = termsMatching(w.word);
      if (terms.length === 0) continue;
      for (const term of terms) found.add(term);
      highlights.push({ start: w.start, end: w.end });
    }
    return { highlights, allTermsMatched: readings.every((r) => found.has(r.term)) };
  };
  // The readings too: a lookup in SQL (a contact's name, search/speakers.ts) asks the same of stored words.
  return Object.assign(match, { readings });
}

export type TextMatcher = ReturnType<typeof textMatcher>;
export const matchText = (query: ParsedQuery, text: string) => textMatcher(query)(text);
