import type { Retriever, SearchComponents } from '@parley/contract';
import type { FuzzyTerm, SearchHitRow, SearchRepository, SearchScope } from '../repositories/search.ts';
import { phoneticAlternatives } from './phonetic.ts';
import { type ParsedQuery, parseQuery } from './query-parser.ts';
import { reciprocalRankFusion } from './rrf.ts';
import { FUZZY_MIN_LENGTH, type Highlight, textMatcher } from './word-match.ts';

// One engine behind all three searches: parse, ask each retriever for its ranked list inside the scope,
// keep the fuzzy candidates that really are near-spellings, fuse by reciprocal rank, attach highlights.

export interface EngineHit {
  row: SearchHitRow;
  score: number;
  matchedBy: Retriever[];
}

export interface EngineResult {
  query: ParsedQuery;
  hits: EngineHit[];
  components: SearchComponents;
  /** The matched ranges of a hit's text: computed only for the hits a page shows. */
  highlights: (hit: EngineHit) => Highlight[];
}

const PHRASE_REASON = { reason: 'A quoted phrase is matched exactly' };
const SEMANTIC_OFF = { enabled: false, hits: 0, reason: 'No embeddings endpoint is configured' };

/** Substrings of a word of which at least one is intact after a single typo: two halves, or its trigrams. */
export function fuzzyPieces(term: string): string[] {
  if (term.length >= 6) {
    const half = Math.floor(term.length / 2);
    return [term.slice(0, half), term.slice(half)];
  }
  const grams: string[] = [];
  for (let i = 0; i + 3 <= term.length; i++) grams.push(term.slice(i, i + 3));
  return grams;
}

export async function runSearch(
  repo: SearchRepository,
  scope: SearchScope,
  text: string,
  /** How many candidates each retriever may return: the bound on work and memory per search. */
  cap: number,
): Promise<EngineResult> {
  const query = parseQuery(text);
  const match = textMatcher(query);
  const highlights = (hit: EngineHit) => match(hit.row.text).highlights;
  if (query.terms.length === 0) {
    return {
      query,
      highlights,
      hits: [],
      components: {
        keyword: { enabled: true, hits: 0 },
        fuzzy: { enabled: true, hits: 0 },
        phonetic: { enabled: true, hits: 0 },
        semantic: SEMANTIC_OFF,
      },
    };
  }
  // Quotes ask for exactly these words in this order: near-spellings and sound-alikes would not be.
  const exact = query.phrases.length > 0;
  const fuzzyTerms: FuzzyTerm[] = exact
    ? []
    : query.terms.filter((t) => t.length >= FUZZY_MIN_LENGTH).map((term) => ({ term, pieces: fuzzyPieces(term) }));
  const sounds = exact ? [] : query.terms.map(phoneticAlternatives).filter((alts) => alts.length > 0);

  const [keyword, phonetic, fuzzyCandidates] = await Promise.all([
    repo.keyword(scope, query, cap),
    sounds.length > 0 ? repo.phonetic(scope, sounds, cap) : Promise.resolve([]),
    fuzzyTerms.length > 0 ? repo.fuzzy(scope, fuzzyTerms, cap) : Promise.resolve([]),
  ]);
  const rows = new Map(
    (await repo.segments(scope.userId, [...new Set([...keyword, ...phonetic, ...fuzzyCandidates])])).map((r) => [
      r.id,
      r,
    ]),
  );
  // Trigram overlap only nominates: a candidate counts when each query word has a near-spelling in it.
  const fuzzy = fuzzyCandidates.filter((id) => {
    const row = rows.get(id);
    return row !== undefined && match(row.text).allTermsMatched;
  });

  const fused = reciprocalRankFusion({ keyword, fuzzy, phonetic });
  const hits: EngineHit[] = [];
  for (const hit of fused) {
    const row = rows.get(hit.id);
    if (!row) continue; // deleted between the two reads
    hits.push({ row, score: hit.score, matchedBy: hit.matchedBy as Retriever[] });
  }
  return {
    query,
    highlights,
    hits,
    components: {
      keyword: { enabled: true, hits: keyword.length },
      fuzzy: { enabled: !exact, hits: fuzzy.length, ...(exact ? PHRASE_REASON : {}) },
      phonetic: { enabled: !exact, hits: phonetic.length, ...(exact ? PHRASE_REASON : {}) },
      semantic: SEMANTIC_OFF,
    },
  };
}
