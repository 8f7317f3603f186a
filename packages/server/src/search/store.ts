// The interface between the search engine (search/engine.ts: how a query becomes a ranked list) and the
// database's word index. One implementation per database, in a file of its own: sqlite-store.ts (FTS5
// tables and a trigram vocabulary) and postgres-store.ts (tsvector columns and pg_trgm). Every piece of
// the user's text arrives already reduced to letters and digits (query-parser.ts), and each store only
// ever binds it as a parameter.

import { type Expression, type SqlBool, sql } from 'kysely';
import { byMembership, type SearchScope } from '../repositories/scope.ts';
import { forgiven } from './forgiveness.ts';

export type { SearchScope };

/** One query word and the other words that may stand for it (misspellings, sound-alikes). */
export interface WordAlternatives {
  word: string;
  /** Also match words that start with `word`. */
  prefix: boolean;
  others: string[];
}

export interface WordQuery {
  /** Every one must match (by any of its alternatives). */
  words: WordAlternatives[];
  /** Runs of words that must appear in this order. */
  phrases: string[][];
  /**
   * When given, one of these words must appear too: the segments only an alternative spelling matches
   * (the store may return more; the caller drops the ones it has).
   */
  anyOf?: string[];
}

/** What the vocabulary is asked about one query word. */
export interface VocabularyAsk {
  term: string;
  /** Substrings of the term of which one survives a typo; null: too short to look for near-spellings. */
  pieces: string[] | null;
  /** The term's phonetic keys (empty: no sound-alikes wanted). */
  sounds: string[];
}

export interface VocabularyAnswer {
  /** The terms that are words of the user's transcripts. */
  known: Set<string>;
  /**
   * Per term: words sharing letters with it (the caller keeps the close ones). Empty, like `sounding`,
   * for a term the scope's transcripts hold (forgiveness.ts offers such a term none: not looked up).
   */
  like: Map<string, string[]>;
  /** Per term: words sharing a sound with it. */
  sounding: Map<string, string[]>;
  /** How many of the user's segments each returned word (known or candidate) is in. */
  segments: Map<string, number>;
}

/** A matching segment, and its meeting (to group and count hits without reading their text). */
export interface SearchCandidate {
  id: string;
  meetingId: string;
}

export interface SearchStore {
  /**
   * Segments with every word of the query (as written, stemmed, as a prefix or as one of its
   * alternatives) and every phrase, best first, at most `limit`.
   */
  matching(scope: SearchScope, query: WordQuery, limit: number): Promise<SearchCandidate[]>;
  /** Several queries in one scope, answered in their order (null: nothing to ask, an empty list). */
  matchingEach(scope: SearchScope, queries: Array<WordQuery | null>, limit: number): Promise<SearchCandidate[][]>;
  /**
   * Everything the engine needs from the user's vocabulary about the query's words, at once: at most
   * `limit` candidates per word and kind, none in more than `commonAt` of the user's segments.
   */
  vocabulary(scope: SearchScope, asks: VocabularyAsk[], limit: number, commonAt: number): Promise<VocabularyAnswer>;
}

/** Up to this many matches a store ranks them all; beyond, the newest (or first found) are taken. */
export const RANK_ALL_UP_TO = 2000;

/** A word of a vocabulary and how many segments of its holder say it (a store's row). */
export interface VocabularyRow {
  word: string;
  segments: number | string;
}

/** One ask's candidates as a store found them: its rows, every holder's (merged here). */
export interface AlternativeRows {
  like: VocabularyRow[];
  sounding: VocabularyRow[];
}

/**
 * The answer to `asks`, from a store's two lookups: the terms its vocabulary holds, then the candidates
 * of only the asks forgiveness.ts may offer alternatives (a term the scope's transcripts hold gets none:
 * its near-spellings and sound-alikes would be dropped unread). Those lookups read the vocabulary of every
 * holder in reach and ranked all their matches: at 50 holders, 3-35 ms a word, most of an in-meeting search.
 * `alternatives` answers each ask it is given, in order.
 */
export async function answerVocabulary(
  asks: VocabularyAsk[],
  held: (terms: string[]) => Promise<VocabularyRow[]>,
  alternatives: (asks: VocabularyAsk[]) => Promise<AlternativeRows[]>,
): Promise<VocabularyAnswer> {
  const answer: VocabularyAnswer = {
    known: new Set(),
    like: new Map(asks.map((a) => [a.term, []])),
    sounding: new Map(asks.map((a) => [a.term, []])),
    segments: new Map(),
  };
  if (asks.length === 0) return answer;
  // Several holders' vocabularies may list a word: it is kept once, with the segments of all of them.
  for (const row of mergedWords(await held(asks.map((a) => a.term)))) {
    answer.known.add(row.word);
    answer.segments.set(row.word, row.segments);
  }
  const open = asks.filter((ask) => forgiven(answer.segments.get(ask.term)));
  if (open.length === 0) return answer;
  (await alternatives(open)).forEach((rows, i) => {
    const term = (open[i] as VocabularyAsk).term;
    const like = mergedWords(rows.like);
    const sounding = mergedWords(rows.sounding);
    for (const row of [...like, ...sounding]) answer.segments.set(row.word, row.segments);
    answer.like.set(
      term,
      like.map((r) => r.word),
    );
    answer.sounding.set(
      term,
      sounding.map((r) => r.word),
    );
  });
  return answer;
}

/**
 * The cheapest form of a query with `anyOf`. One word: its alternatives alone say it. Inside a meeting
 * every list is short and the extra clause costs more than it saves (the caller drops the segments its
 * keyword list has anyway).
 */
export function narrowed(scope: SearchScope, query: WordQuery): WordQuery {
  if (!query.anyOf) return query;
  if (query.words.length === 1 && query.phrases.length === 0) return { words: [], phrases: [], anyOf: query.anyOf };
  if ('meetingId' in scope) return { words: query.words, phrases: query.phrases };
  return query;
}

/** The scope's segments (`t` is `transcriptions`); the same SQL on both databases. */
export const inScope = (scope: SearchScope): Expression<SqlBool> => {
  const user = sql<SqlBool>`t.user_id = ${scope.userId}`;
  if ('meetingId' in scope) return sql`${user} and t.meeting_id = ${scope.meetingId}`;
  if ('projectId' in scope)
    return sql`${user} and t.meeting_id in (select m.id from meetings m where m.project_id = ${scope.projectId} and m.user_id = ${scope.userId})`;
  // Everywhere: the meetings of the caller's projects, whoever holds their rows (decision 223). The
  // members' index (user_id, project_id) and meetings' (project_id, ...) give a short list of meeting ids,
  // built once; each matched segment is then checked against it.
  const memberMeetings = sql<SqlBool>`t.meeting_id in (select m.id from project_members pm
    join meetings m on m.project_id = pm.project_id where pm.user_id = ${scope.userId})`;
  // A contact's segments wherever the caller is a member (decision 266), by the person_id index.
  if ('personId' in scope) return sql`t.person_id = ${scope.personId} and ${memberMeetings}`;
  return memberMeetings;
};

/**
 * Whose vocabularies a scope's words are looked up in (`v` is `search_vocabulary` or its sounds): the
 * holder's, or everywhere the holders of every project the caller is a member of (their own included),
 * so a shared project's words are forgiven as they are inside it.
 */
export const vocabularyOf = (scope: SearchScope, v: string): Expression<SqlBool> =>
  byMembership(scope)
    ? sql`${sql.ref(`${v}.user_id`)} in (select p.user_id from project_members pm join projects p on p.id = pm.project_id
        where pm.user_id = ${scope.userId})`
    : sql`${sql.ref(`${v}.user_id`)} = ${scope.userId}`;

/**
 * Several holders' vocabularies may list a word each: it is kept once, where first listed, with the
 * segments of all of them (how common it is across what the caller searches).
 */
function mergedWords(rows: VocabularyRow[]) {
  const merged = new Map<string, number>();
  for (const row of rows) merged.set(row.word, (merged.get(row.word) ?? 0) + Number(row.segments));
  return [...merged].map(([word, segments]) => ({ word, segments }));
}
