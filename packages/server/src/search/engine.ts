import type { Retriever, SearchComponents } from '@parley/contract';
import { phoneticKeysOfWord } from '../lib/words/phonetic.ts';
import type { SegmentInMeetingRow } from '../repositories/transcriptions.ts';
import { type ParsedQuery, parseQuery } from './query-parser.ts';
import { reciprocalRankFusion } from './rrf.ts';
import type { SemanticResult, SemanticRetriever } from './semantic/retriever.ts';
import type { SearchCandidate, SearchScope, SearchStore, WordQuery } from './store.ts';
import { FUZZY_MIN_LENGTH, type Highlight, matchWord, textMatcher, trigramSimilarity } from './word-match.ts';

// One engine behind all three searches. Three retrievers ask the word index, each with its own reading
// of the query: the words as typed (stems, prefixes, phrases), the words plus their near-spellings found
// in the user's vocabulary, the words plus their sound-alikes. Their ranked lists are fused by
// reciprocal rank; highlights come from one word matcher, the same on both databases.

export interface EngineHit {
  id: string;
  meetingId: string;
  score: number;
  matchedBy: Retriever[];
}

export interface EngineResult {
  query: ParsedQuery;
  /** Every candidate, best first: ids and meetings only, so grouping and counting read no text. */
  hits: EngineHit[];
  components: SearchComponents;
  /** The segments behind the hits a page shows, in the hits' order (a segment deleted since is left out). */
  load: (hits: EngineHit[]) => Promise<Array<{ hit: EngineHit; row: SegmentInMeetingRow }>>;
  /** The matched ranges of a segment's text. */
  highlights: (text: string) => Highlight[];
}

const PHRASE_REASON = { reason: 'A quoted phrase is matched exactly' };
const SEMANTIC_OFF = { enabled: false, hits: 0, reason: 'No embeddings endpoint is configured' };
/** Near-spellings and sound-alikes kept per query word: the closest few, so a query stays small. */
const ALTERNATIVES_PER_WORD = 8;
const VOCABULARY_CANDIDATES = 400;
/**
 * A word in more of the user's segments than this is a word of its own, never offered as a misspelling
 * or a sound-alike of another ("well" for "yellow", "she" for "Sheila"): at 1,000,000 segments such
 * lists were most of a search's time, and they were noise.
 */
export const COMMON_WORD_SEGMENTS = 5000;

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

/** Words the keyword retriever would not match already (not the word, its stem or a prefix of it). */
const isOther = (term: string, word: string) => {
  const kind = matchWord(term, word);
  return kind === 'part' || kind === 'fuzzy' || kind === 'phonetic';
};

/** The closest few of the vocabulary's words sharing letters with `term`: misspellings, parts of words. */
function nearSpellings(term: string, candidates: string[]): string[] {
  return candidates
    .filter((word) => {
      const kind = matchWord(term, word);
      return kind === 'part' || kind === 'fuzzy';
    })
    .sort((a, b) => trigramSimilarity(term, b) - trigramSimilarity(term, a))
    .slice(0, ALTERNATIVES_PER_WORD);
}

/** The closest few of the vocabulary's words sounding like `term` that keyword search would not match. */
function soundAlikes(term: string, candidates: string[]): string[] {
  return candidates
    .filter((word) => isOther(term, word))
    .sort((a, b) => trigramSimilarity(term, b) - trigramSimilarity(term, a))
    .slice(0, ALTERNATIVES_PER_WORD);
}

/** `first`, then the ids of `more` it lacks, at most `cap`. */
function followedBy(first: SearchCandidate[], more: SearchCandidate[], cap: number): SearchCandidate[] {
  const seen = new Set(first.map((c) => c.id));
  return [...first, ...more.filter((c) => !seen.has(c.id))].slice(0, cap);
}

export interface EngineDeps {
  store: SearchStore;
  /** Reads the segments of a page (and the meeting of a hit only the semantic retriever found). */
  segments: (userId: string, ids: string[]) => Promise<SegmentInMeetingRow[]>;
  /** Present when an embeddings endpoint is configured (docs/decisions/061). */
  semantic?: SemanticRetriever;
}

export async function runSearch(
  { store, segments, semantic }: EngineDeps,
  scope: SearchScope,
  text: string,
  /** How many segments each retriever may return: the bound on work and memory per search. */
  cap: number,
): Promise<EngineResult> {
  const query = parseQuery(text);
  const match = textMatcher(query);
  // Quotes ask for exactly these words in this order: near-spellings and sound-alikes would not be.
  const exact = query.phrases.length > 0;
  // Started first: the query's vector comes from another server, in parallel with the word lookups.
  const meaning: Promise<SemanticResult> = exact
    ? Promise.resolve({ ids: [], component: { enabled: false, hits: 0, ...PHRASE_REASON } })
    : semantic
      ? semantic.retrieve(scope, text)
      : Promise.resolve({ ids: [], component: SEMANTIC_OFF });
  // Awaited below; should a word lookup fail first, its own failure must not go unhandled.
  meaning.catch(() => {});
  // Which query words the user's transcripts contain, and their near-spellings and sound-alikes (a
  // quoted phrase has none), in one call.
  const vocabulary = await store.vocabulary(
    scope.userId,
    query.terms.map((term) => ({
      term,
      pieces: exact || term.length < FUZZY_MIN_LENGTH ? null : fuzzyPieces(term),
      sounds: exact ? [] : phoneticKeysOfWord(term),
    })),
    VOCABULARY_CANDIDATES,
    COMMON_WORD_SEGMENTS,
  );
  const spellings = query.terms.map((t) => nearSpellings(t, vocabulary.like.get(t) ?? []));
  const sounds = query.terms.map((t) => soundAlikes(t, vocabulary.sounding.get(t) ?? []));
  // A word the user's transcripts contain is matched as a word (stemming covers its forms); anything
  // else is taken as the start of a word ("whiteb"). Expanding every word as a prefix would merge the
  // lists of all words starting with "the" for "the", several times slower.
  const prefix = (term: string) => !vocabulary.known.has(term);
  const keywordQuery: WordQuery | null =
    query.terms.length === 0
      ? null
      : { words: query.terms.map((word) => ({ word, prefix: prefix(word), others: [] })), phrases: query.phrases };
  // The fuzzy and phonetic readings match everything the keyword one does, and more. Their lists are the
  // keyword's, followed by the segments only an alternative spelling matches: the database is asked for
  // those alone, which are few (null: no word has an alternative, nothing more to ask).
  const widened = (others: string[][]): WordQuery | null =>
    exact || others.every((list) => list.length === 0)
      ? null
      : {
          words: query.terms.map((word, i) => ({ word, prefix: prefix(word), others: others[i] ?? [] })),
          phrases: [],
          anyOf: others.flat(),
        };
  const [fuzzyQuery, phoneticQuery] = [widened(spellings), widened(sounds)];
  const ask = (asked: WordQuery | null) => (asked ? store.matching(scope, asked, cap) : Promise.resolve([]));
  let keyword: SearchCandidate[];
  let more: SearchCandidate[][];
  if ('meetingId' in scope) {
    // A meeting's lists are short: the three readings are asked together (one statement on PostgreSQL).
    [keyword = [], ...more] = await store.matchingEach(scope, [keywordQuery, fuzzyQuery, phoneticQuery], cap);
  } else {
    // Across a project the keyword list of a common word fills the cap: then there is no room for more.
    keyword = await ask(keywordQuery);
    more = keyword.length >= cap ? [[], []] : await Promise.all([ask(fuzzyQuery), ask(phoneticQuery)]);
  }
  const widen = (asked: WordQuery | null, found: SearchCandidate[] = []) =>
    exact ? [] : asked && keyword.length < cap ? followedBy(keyword, found, cap) : keyword;
  const fuzzy = widen(fuzzyQuery, more[0]);
  const phonetic = widen(phoneticQuery, more[1]);

  const ids = (list: SearchCandidate[]) => list.map((c) => c.id);
  const meetingOf = new Map([...keyword, ...fuzzy, ...phonetic].map((c) => [c.id, c.meetingId]));
  const similar = await meaning;
  const fused = reciprocalRankFusion({
    keyword: ids(keyword),
    fuzzy: ids(fuzzy),
    phonetic: ids(phonetic),
    semantic: similar.ids,
  });
  // Segments only the semantic retriever found (at most its k) need their meeting for grouping.
  const unplaced = similar.ids.filter((id) => !meetingOf.has(id));
  if (unplaced.length > 0) {
    for (const row of await segments(scope.userId, unplaced)) meetingOf.set(row.id, row.meeting_id);
  }
  // A semantic hit whose segment was deleted since its vector was read has no meeting: left out.
  const hits: EngineHit[] = fused.flatMap((hit) => {
    const meetingId = meetingOf.get(hit.id);
    return meetingId ? [{ id: hit.id, meetingId, score: hit.score, matchedBy: hit.matchedBy as Retriever[] }] : [];
  });
  return {
    query,
    hits,
    load: async (page) => {
      const rows = new Map((await segments(scope.userId, ids(page))).map((r) => [r.id, r]));
      return page.flatMap((hit) => {
        const row = rows.get(hit.id);
        return row ? [{ hit, row }] : [];
      });
    },
    highlights: (segmentText) => match(segmentText).highlights,
    components: {
      keyword: { enabled: true, hits: keyword.length },
      fuzzy: { enabled: !exact, hits: fuzzy.length, ...(exact ? PHRASE_REASON : {}) },
      phonetic: { enabled: !exact, hits: phonetic.length, ...(exact ? PHRASE_REASON : {}) },
      semantic: similar.component,
    },
  };
}
