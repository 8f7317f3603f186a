import type { Retriever, SearchComponents } from '@parley/contract';
import { phoneticKeysOfWord } from '../lib/words/phonetic.ts';
import type { SegmentInMeetingRow } from '../repositories/transcriptions.ts';
import { editDistance, FUZZY_MIN_LENGTH, forgiven, isCompound, isNearSpelling, isSoundAlike } from './forgiveness.ts';
import { type ParsedQuery, parseQuery } from './query-parser.ts';
import { reciprocalRankFusion } from './rrf.ts';
import type { SemanticResult, SemanticRetriever } from './semantic/retriever.ts';
import type { SearchCandidate, SearchScope, SearchStore, VocabularyAnswer, WordQuery } from './store.ts';
import { type Highlight, matchesReading, type Reading, type TextMatcher, textMatcher } from './word-match.ts';

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
  /** The same matcher, also saying whether every query word matched (a meeting's title, a name). */
  match: TextMatcher;
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

/** The word's trigrams: a vocabulary word sharing most of them is a candidate near-spelling. */
export function fuzzyPieces(term: string): string[] {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= term.length; i++) grams.add(term.slice(i, i + 3));
  return [...grams];
}

/**
 * The alternatives of one query word (forgiveness.ts): near-spellings and compounds first by closeness,
 * then sound-alikes; none for a word the transcripts hold in more than a few segments, and none the
 * keyword reading matches already (the word's forms, or words it starts when it is read as a prefix).
 */
function alternatives(reading: Reading, vocabulary: VocabularyAnswer) {
  const { term } = reading;
  if (!forgiven(vocabulary.segments.get(term))) return { spellings: [], sounds: [] };
  const asKeyword = (word: string) => matchesReading({ ...reading, others: [] }, word);
  const segmentsOf = (word: string) => vocabulary.segments.get(word) ?? 0;
  const distance = (word: string) => editDistance(term, word, 3);
  const spellings = (vocabulary.like.get(term) ?? [])
    .filter((word) => !asKeyword(word) && (isNearSpelling(term, word) || isCompound(term, word)))
    .sort((a, b) => distance(a) - distance(b) || segmentsOf(b) - segmentsOf(a))
    .slice(0, ALTERNATIVES_PER_WORD);
  // A typo explains a word better than a sound: sound-alikes only for a word with no near-spelling.
  if (spellings.length > 0) return { spellings, sounds: [] };
  const sounds = (vocabulary.sounding.get(term) ?? [])
    .filter((word) => !asKeyword(word) && !spellings.includes(word) && isSoundAlike(term, word, segmentsOf(word)))
    .sort((a, b) => distance(a) - distance(b) || segmentsOf(b) - segmentsOf(a))
    .slice(0, ALTERNATIVES_PER_WORD);
  return { spellings, sounds };
}

/** `first`, then the ids of `more` it lacks, at most `cap`. */
function followedBy(first: SearchCandidate[], more: SearchCandidate[], cap: number): SearchCandidate[] {
  const seen = new Set(first.map((c) => c.id));
  return [...first, ...more.filter((c) => !seen.has(c.id))].slice(0, cap);
}

export interface EngineDeps {
  store: SearchStore;
  /** Reads the segments of a page (and the meeting of a hit only the semantic retriever found). */
  segments: (scope: SearchScope, ids: string[]) => Promise<SegmentInMeetingRow[]>;
  /** Present when an embeddings endpoint is configured (docs/decisions/061). */
  semantic?: SemanticRetriever;
  /** The segments of the people or the speaker label the query names (speakers.ts). */
  speakers?: (scope: SearchScope, terms: string[], match: TextMatcher, cap: number) => Promise<SearchCandidate[]>;
}

export async function runSearch(
  { store, segments, semantic, speakers }: EngineDeps,
  scope: SearchScope,
  text: string,
  /** How many segments each retriever may return: the bound on work and memory per search. */
  cap: number,
): Promise<EngineResult> {
  const query = parseQuery(text);
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
    scope,
    query.terms.map((term) => ({
      term,
      pieces: exact || term.length < FUZZY_MIN_LENGTH ? null : fuzzyPieces(term),
      sounds: exact ? [] : phoneticKeysOfWord(term),
    })),
    VOCABULARY_CANDIDATES,
    COMMON_WORD_SEGMENTS,
  );
  // A word the user's transcripts contain is matched as a word (stemming covers its forms); anything
  // else is taken as the start of a word ("whiteb"). Expanding every word as a prefix would merge the
  // lists of all words starting with "the" for "the", several times slower.
  const prefix = (term: string) => !vocabulary.known.has(term);
  const chosen = query.terms.map((term) =>
    exact ? { spellings: [], sounds: [] } : alternatives({ term, prefix: prefix(term), others: [] }, vocabulary),
  );
  const spellings = chosen.map((c) => c.spellings);
  const sounds = chosen.map((c) => c.sounds);
  // Highlights mark what the retrievers matched: the words, their forms, and the alternatives chosen.
  const match = textMatcher(
    query,
    query.terms.map((term, i) => ({
      term,
      prefix: prefix(term),
      others: [...(spellings[i] ?? []), ...(sounds[i] ?? [])],
    })),
  );
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
  // A query that names a person or is a speaker label finds their segments too (not a quoted phrase).
  const spoken: Promise<SearchCandidate[]> =
    exact || !speakers || query.terms.length === 0 ? Promise.resolve([]) : speakers(scope, query.terms, match, cap);
  // Awaited below; should a word lookup fail first, this one's failure must not go unhandled.
  spoken.catch(() => {});
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
  const speaker = await spoken;
  const meetingOf = new Map([...keyword, ...fuzzy, ...phonetic, ...speaker].map((c) => [c.id, c.meetingId]));
  const similar = await meaning;
  const fused = reciprocalRankFusion({
    keyword: ids(keyword),
    fuzzy: ids(fuzzy),
    phonetic: ids(phonetic),
    semantic: similar.ids,
    speaker: ids(speaker),
  });
  // Segments only the semantic retriever found (at most its k) need their meeting for grouping.
  const unplaced = similar.ids.filter((id) => !meetingOf.has(id));
  if (unplaced.length > 0) {
    for (const row of await segments(scope, unplaced)) meetingOf.set(row.id, row.meeting_id);
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
      const rows = new Map((await segments(scope, ids(page))).map((r) => [r.id, r]));
      return page.flatMap((hit) => {
        const row = rows.get(hit.id);
        return row ? [{ hit, row }] : [];
      });
    },
    highlights: (segmentText) => match(segmentText).highlights,
    match,
    components: {
      keyword: { enabled: true, hits: keyword.length },
      fuzzy: { enabled: !exact, hits: fuzzy.length, ...(exact ? PHRASE_REASON : {}) },
      phonetic: { enabled: !exact, hits: phonetic.length, ...(exact ? PHRASE_REASON : {}) },
      semantic: similar.component,
    },
  };
}
