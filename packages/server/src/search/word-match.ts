import { stemmer } from 'stemmer';
import { memoByWord } from '../lib/words/memo.ts';
import { soundsAlike } from '../lib/words/phonetic.ts';
import type { ParsedQuery } from './query-parser.ts';

// Decides, word by word, why a segment's text matches a query. The database retrievers find candidates;
// this one place says which characters to highlight, the same way on SQLite and PostgreSQL.

export type MatchKind = 'exact' | 'stem' | 'prefix' | 'part' | 'fuzzy' | 'phonetic';
export interface Highlight {
  start: number;
  end: number;
}

const grams = memoByWord((w) => {
  const padded = `  ${w} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
});

/** Trigram similarity as pg_trgm computes it for one word: shared trigrams over all trigrams. */
export function trigramSimilarity(a: string, b: string): number {
  const ga = grams(a);
  const gb = grams(b);
  let shared = 0;
  for (const g of ga) if (gb.has(g)) shared++;
  return shared / (ga.size + gb.size - shared);
}

export const FUZZY_MIN_LENGTH = 4;
export const FUZZY_THRESHOLD = 0.3;
const PREFIX_MIN_LENGTH = 2;

const stemOf = memoByWord(stemmer);

export function matchWord(term: string, word: string): MatchKind | null {
  if (word === term) return 'exact';
  if (stemOf(word) === stemOf(term)) return 'stem';
  if (term.length >= PREFIX_MIN_LENGTH && word.startsWith(term)) return 'prefix';
  if (term.length >= FUZZY_MIN_LENGTH && word.includes(term)) return 'part';
  if (term.length >= FUZZY_MIN_LENGTH && trigramSimilarity(term, word) >= FUZZY_THRESHOLD) return 'fuzzy';
  if (soundsAlike(term, word)) return 'phonetic';
  return null;
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
 * Matches texts against one query. Words repeat across segments, so each distinct word is judged once
 * per search (stemming and metaphone codes are the expensive part).
 */
export function textMatcher(query: ParsedQuery) {
  const termsOfWord = new Map<string, string[]>();
  const termsMatching = (word: string) => {
    let terms = termsOfWord.get(word);
    if (!terms) {
      terms = query.terms.filter((term) => matchWord(term, word) !== null);
      termsOfWord.set(word, terms);
    }
    return terms;
  };
  /**
   * The character ranges of `text` that match the query, and whether every query term matched some word
   * (the test the fuzzy retriever's candidates must pass).
   */
  return (text: string): { highlights: Highlight[]; allTermsMatched: boolean } => {
    const found = new Set<string>();
    const highlights: Highlight[] = [];
    for (const w of textWords(text)) {
      const terms = termsMatching(w.word);
      if (terms.length === 0) continue;
      for (const term of terms) found.add(term);
      highlights.push({ start: w.start, end: w.end });
    }
    return { highlights, allTermsMatched: query.terms.every((t) => found.has(t)) };
  };
}

export const matchText = (query: ParsedQuery, text: string) => textMatcher(query)(text);
