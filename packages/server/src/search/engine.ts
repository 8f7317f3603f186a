import type { Retriever, SearchComponents } from '@parley/contract';
import type { SearchHitRow, SearchRepository, SearchScope, WordAlternatives } from '../repositories/search.ts';
import { phoneticKeysOfWord } from './phonetic.ts';
import { type ParsedQuery, parseQuery } from './query-parser.ts';
import { reciprocalRankFusion } from './rrf.ts';
import type { SemanticResult, SemanticRetriever } from './semantic/retriever.ts';
import { FUZZY_MIN_LENGTH, type Highlight, matchWord, textMatcher, trigramSimilarity } from './word-match.ts';

// One engine behind all three searches. Three retrievers ask the word index, each with its own reading
// of the query: the words as typed (stems, prefixes, phrases), the words plus their near-spellings found
// in the user's vocabulary, the words plus their sound-alikes. Their ranked lists are fused by
// reciprocal rank; highlights come from one word matcher, the same on both databases.

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
/** Near-spellings and sound-alikes kept per query word: the closest few, so a query stays small. */
const ALTERNATIVES_PER_WORD = 8;
const VOCABULARY_CANDIDATES = 400;

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

async function nearSpellings(repo: SearchRepository, userId: string, term: string): Promise<string[]> {
  if (term.length < FUZZY_MIN_LENGTH) return [];
  const candidates = await repo.wordsLike(userId, term, fuzzyPieces(term), VOCABULARY_CANDIDATES);
  return candidates
    .filter((word) => {
      const kind = matchWord(term, word);
      return kind === 'part' || kind === 'fuzzy';
    })
    .sort((a, b) => trigramSimilarity(term, b) - trigramSimilarity(term, a))
    .slice(0, ALTERNATIVES_PER_WORD);
}

async function soundAlikes(repo: SearchRepository, userId: string, term: string): Promise<string[]> {
  const words = await repo.wordsSounding(userId, phoneticKeysOfWord(term), VOCABULARY_CANDIDATES);
  return words
    .filter((word) => isOther(term, word))
    .sort((a, b) => trigramSimilarity(term, b) - trigramSimilarity(term, a))
    .slice(0, ALTERNATIVES_PER_WORD);
}

/** A retriever's reading of the query: nothing to ask when no word has an alternative. */
async function widened(
  terms: string[],
  prefix: (term: string) => boolean,
  alternativesOf: (term: string) => Promise<string[]>,
): Promise<WordAlternatives[] | null> {
  const others = await Promise.all(terms.map(alternativesOf));
  if (others.every((list) => list.length === 0)) return null;
  return terms.map((word, i) => ({ word, prefix: prefix(word), others: others[i] ?? [] }));
}

export async function runSearch(
  repo: SearchRepository,
  scope: SearchScope,
  text: string,
  /** How many segments each retriever may return: the bound on work and memory per search. */
  cap: number,
  /** Present when an embeddings endpoint is configured (docs/decisions/061). */
  semantic?: SemanticRetriever,
): Promise<EngineResult> {
  const query = parseQuery(text);
  const match = textMatcher(query);
  const highlights = (hit: EngineHit) => match(hit.row.text).highlights;
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
  // A word the user's transcripts contain is matched as a word (stemming covers its forms); anything
  // else is taken as the start of a word ("whiteb"). Expanding every word as a prefix would merge the
  // lists of all words starting with "the" for "the", several times slower.
  const known = await repo.knownWords(scope.userId, query.terms);
  const prefix = (term: string) => !known.has(term);
  const none = Promise.resolve<WordAlternatives[] | null>(null);
  const [fuzzyWords, phoneticWords] = await Promise.all([
    exact ? none : widened(query.terms, prefix, (t) => nearSpellings(repo, scope.userId, t)),
    exact ? none : widened(query.terms, prefix, (t) => soundAlikes(repo, scope.userId, t)),
  ]);
  const ask = (words: WordAlternatives[] | null, phrases: string[][] = []) =>
    words && words.length > 0 ? repo.matching(scope, { words, phrases }, cap) : Promise.resolve([]);
  const [keyword, fuzzy, phonetic] = await Promise.all([
    ask(
      query.terms.map((word) => ({ word, prefix: prefix(word), others: [] })),
      query.phrases,
    ),
    ask(fuzzyWords),
    ask(phoneticWords),
  ]);

  const similar = await meaning;
  const fused = reciprocalRankFusion({ keyword, fuzzy, phonetic, semantic: similar.ids });
  const rows = new Map(
    (
      await repo.segments(
        scope.userId,
        fused.map((h) => h.id),
      )
    ).map((r) => [r.id, r]),
  );
  const hits: EngineHit[] = [];
  for (const hit of fused) {
    const row = rows.get(hit.id);
    if (row) hits.push({ row, score: hit.score, matchedBy: hit.matchedBy as Retriever[] });
  }
  return {
    query,
    highlights,
    hits,
    components: {
      keyword: { enabled: true, hits: keyword.length },
      fuzzy: { enabled: !exact, hits: fuzzy.length, ...(exact ? PHRASE_REASON : {}) },
      phonetic: { enabled: !exact, hits: phonetic.length, ...(exact ? PHRASE_REASON : {}) },
      semantic: similar.component,
    },
  };
}
