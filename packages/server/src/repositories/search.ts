import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db, DbKind } from '../db/database.ts';
import { rankByTermFrequency } from '../search/term-frequency-rank.ts';
import { SEGMENT_COLUMNS, type SegmentRow } from './transcriptions.ts';

// The retrievers' SQL: each returns segment ids, best first, inside one user's scope. SQLite reads the
// FTS5 tables of migration 004-search, PostgreSQL its tsvector columns and pg_trgm index. Every piece of
// the user's text arrives here already reduced to letters and digits (search/query-parser.ts), and is
// still only ever bound as a parameter.

export type SearchScope =
  | { userId: string; meetingId: string }
  | { userId: string; projectId: string }
  | { userId: string; personId: string };

export type SearchHitRow = SegmentRow & {
  meeting_title: string;
  meeting_project_id: string;
  meeting_created_at: string;
};

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
   * (the repository may return more; the caller drops the ones it has).
   */
  anyOf?: string[];
}

/** What the vocabulary is asked about one query word. */
export interface VocabularyAsk {
  term: string;
  /** Substrings of the term of which one survives a typo; null: too short to look for near-spellings. */
  pieces: string[] | null;
  /** The term's phonetic keys. */
  sounds: string[];
}

export interface VocabularyAnswer {
  /** The terms that are words of the user's transcripts. */
  known: Set<string>;
  /** Per term: words sharing letters with it (the caller keeps the close ones). */
  like: Map<string, string[]>;
  /** Per term: words sharing a sound with it. */
  sounding: Map<string, string[]>;
}

/** A matching segment, and its meeting (to group and count hits without reading their text). */
export interface SearchCandidate {
  id: string;
  meetingId: string;
}

// Ids are opaque to users but contain only letters, digits and '-', so quoting them is safe too.
const quoted = (word: string) => `"${word.replace(/"/g, '""')}"`;
/** Up to this many matches a retriever ranks them all; beyond, see `matching`. */
const RANK_ALL_UP_TO = 2000;

function fts5Query({ words, phrases, anyOf = [] }: WordQuery): string {
  const parts = anyOf.length > 0 ? [`(${anyOf.map(quoted).join(' OR ')})`] : [];
  parts.push(
    ...words.map((w) => {
      const forms = [quoted(w.word), ...(w.prefix ? [`${quoted(w.word)}*`] : []), ...w.others.map(quoted)];
      return `(${forms.join(' OR ')})`;
    }),
  );
  for (const phrase of phrases) parts.push(quoted(phrase.join(' ')));
  return `{text} : (${parts.join(' AND ')})`;
}

function tsQuery({ words, phrases, anyOf = [] }: WordQuery): string {
  const parts = anyOf.length > 0 ? [`(${anyOf.join(' | ')})`] : [];
  parts.push(...words.map((w) => `(${[w.word, ...(w.prefix ? [`${w.word}:*`] : []), ...w.others].join(' | ')})`));
  for (const phrase of phrases) parts.push(`(${phrase.join(' <-> ')})`);
  return parts.join(' & ');
}

/**
 * The cheapest form of a query with `anyOf`. One word: its alternatives alone say it. Inside a meeting
 * every list is short and the extra clause costs more than it saves (the caller drops the segments its
 * keyword list has anyway).
 */
function narrowed(scope: SearchScope, query: WordQuery): WordQuery {
  if (!query.anyOf) return query;
  if (query.words.length === 1 && query.phrases.length === 0) return { words: [], phrases: [], anyOf: query.anyOf };
  if ('meetingId' in scope) return { words: query.words, phrases: query.phrases };
  return query;
}

export function searchRepository(db: Db, kind: DbKind) {
  const inScope = (scope: SearchScope): Expression<SqlBool> => {
    const user = sql<SqlBool>`t.user_id = ${scope.userId}`;
    if ('meetingId' in scope) return sql`${user} and t.meeting_id = ${scope.meetingId}`;
    if ('personId' in scope) return sql`${user} and t.person_id = ${scope.personId}`;
    return sql`${user} and t.meeting_id in (select m.id from meetings m where m.project_id = ${scope.projectId} and m.user_id = ${scope.userId})`;
  };

  const repository = {
    /**
     * Segments with every word of the query (as written, stemmed, as a prefix or as one of its
     * alternatives) and every phrase; best first by BM25 (SQLite) or cover density (PostgreSQL).
     */
    async matching(scope: SearchScope, asked: WordQuery, limit: number): Promise<SearchCandidate[]> {
      const query = narrowed(scope, asked);
      if (kind === 'postgres') {
        // The query is written out (not in a CTE) so the planner sees its words and their frequencies.
        const words = sql`to_tsquery('english', ${tsQuery(query)})`;
        if ('meetingId' in scope) {
          // A meeting's few hundred segments, read by their index and tested one by one: the word index
          // would first list every match of a common word across the library (a BitmapAnd of both).
          const result = await sql<SearchCandidate>`
            with segment as materialized (
              select t.id, t.meeting_id, t.created_at, t.search_words from transcriptions t where ${inScope(scope)})
            select id, meeting_id as "meetingId" from segment where search_words @@ ${words}
            order by ts_rank_cd(search_words, ${words}) desc, created_at desc, id limit ${limit}`.execute(db);
          return result.rows;
        }
        // ts_rank_cd reads every match's vector: past RANK_ALL_UP_TO matches (a common word across a
        // library) only the first RANK_ALL_UP_TO found are considered, newest first.
        const result = await sql<SearchCandidate>`
          with matched as materialized (
            select t.id, t.meeting_id, t.created_at, t.search_words from transcriptions t
            where t.search_words @@ ${words} and ${inScope(scope)} limit ${RANK_ALL_UP_TO + 1})
          select id, meeting_id as "meetingId" from matched
          order by case when (select count(*) from matched) > ${RANK_ALL_UP_TO} then 0
            else ts_rank_cd(search_words, ${words}) end desc, created_at desc, id
          limit ${limit}`.execute(db);
        return result.rows;
      }
      const match = fts5Query(query);
      if ('meetingId' in scope) {
        // A meeting's matches are few: they are ranked here (search/term-frequency-rank.ts), because
        // FTS5's bm25() would first count every match of each word across the library.
        const result = await sql<SearchCandidate & { text: string }>`select t.id, t.meeting_id as meetingId, t.text
          from transcriptions_fts f join transcriptions t on t.rowid = f.rowid
          where transcriptions_fts match ${`{meeting_id} : ${quoted(scope.meetingId)} AND ${match}`}
            and ${inScope(scope)}`.execute(db);
        const words = [...(query.anyOf ?? []), ...query.words.flatMap((w) => [w.word, ...w.others])];
        return rankByTermFrequency(result.rows, words)
          .slice(0, limit)
          .map(({ id, meetingId }) => ({ id, meetingId }));
      }
      // BM25 scores every match before sorting: past a few thousand matches (a common word across a
      // library) that alone takes longer than the search may, so the newest matches are taken instead.
      // Counting stops where the choice is made.
      const count = await sql<{ n: number }>`select count(*) as n from (select 1 from transcriptions_fts
        where transcriptions_fts match ${match} limit ${RANK_ALL_UP_TO + 1})`.execute(db);
      const order = Number(count.rows[0]?.n) > RANK_ALL_UP_TO ? sql`f.rowid desc` : sql`f.rank`;
      const result = await sql<SearchCandidate>`select t.id, t.meeting_id as meetingId
        from transcriptions_fts f join transcriptions t on t.rowid = f.rowid
        where transcriptions_fts match ${match} and ${inScope(scope)}
        order by ${order} limit ${limit}`.execute(db);
      return result.rows;
    },

    /**
     * Several queries in one scope, answered in their order (null: nothing to ask, an empty list). Inside
     * a meeting on PostgreSQL in one statement over the meeting's segments; otherwise one by one.
     */
    async matchingEach(
      scope: SearchScope,
      queries: Array<WordQuery | null>,
      limit: number,
    ): Promise<SearchCandidate[][]> {
      if (kind !== 'postgres' || !('meetingId' in scope)) {
        return Promise.all(queries.map((q) => (q ? repository.matching(scope, q, limit) : [])));
      }
      const texts = queries.map((q) => (q ? tsQuery(narrowed(scope, q)) : null));
      if (texts.every((t) => t === null)) return texts.map(() => []);
      const result = await sql<SearchCandidate & { n: string }>`
        with segment as materialized (
          select t.id, t.meeting_id, t.created_at, t.search_words from transcriptions t where ${inScope(scope)}),
        -- materialised, so each tsquery is parsed once, not once per segment
        q as materialized (select n, to_tsquery('english', text) as words
          from unnest(${texts}::text[]) with ordinality as asked(text, n) where text is not null)
        select q.n, s.id, s.meeting_id as "meetingId" from q
        cross join lateral (
          select id, meeting_id, row_number() over (
              order by ts_rank_cd(search_words, q.words) desc, created_at desc, id) as position
          from segment where search_words @@ q.words
          order by position limit ${limit}) s
        order by q.n, s.position`.execute(db);
      const lists: SearchCandidate[][] = texts.map(() => []);
      for (const row of result.rows) lists[Number(row.n) - 1]?.push({ id: row.id, meetingId: row.meetingId });
      return lists;
    },

    /**
     * Everything the retrievers need from the user's vocabulary about the query's words, at once (on
     * PostgreSQL in one round trip of 1 + n statements instead of 2n + 1 in two).
     */
    async vocabulary(
      userId: string,
      asks: VocabularyAsk[],
      /** At most this many candidates per word and kind. */
      limit: number,
      /** Words in more of the user's segments than this are never offered as alternatives. */
      commonAt: number,
    ): Promise<VocabularyAnswer> {
      const answer: VocabularyAnswer = { known: new Set(), like: new Map(), sounding: new Map() };
      for (const ask of asks) {
        answer.like.set(ask.term, []);
        answer.sounding.set(ask.term, []);
      }
      if (asks.length === 0) return answer;
      if (kind === 'sqlite') {
        answer.known = await repository.knownWords(
          userId,
          asks.map((a) => a.term),
        );
        for (const ask of asks) {
          if (ask.pieces) answer.like.set(ask.term, await repository.wordsLike(userId, ask.pieces, limit, commonAt));
          answer.sounding.set(ask.term, await repository.wordsSounding(userId, ask.sounds, limit, commonAt));
        }
        return answer;
      }
      const terms = asks.map((a) => a.term);
      // Each term's sounds, comma-joined (keys are letters only), so one array row carries them all.
      const sounds = asks.map((a) => a.sounds.join(','));
      // Known words and sound-alikes: one statement. Near-spellings (pg_trgm): one statement per term,
      // side by side on the pool.
      const fuzzy = asks.filter((a) => a.pieces);
      const [indexed, ...like] = await Promise.all([
        sql<{ kind: 'known' | 'sounding'; term: string; word: string }>`
          select 'known' as kind, word as term, word from search_vocabulary
            where user_id = ${userId} and word = any(${terms}::text[])
          union all
          select 'sounding', x.term, v.word from unnest(${terms}::text[], ${sounds}::text[]) as x(term, sounds)
            cross join lateral (
              select distinct s.word from search_vocabulary_sounds s
                join search_vocabulary v on v.user_id = s.user_id and v.word = s.word and v.segments <= ${commonAt}
                where s.user_id = ${userId} and s.sound = any(string_to_array(x.sounds, ',')) limit ${limit}) v`.execute(
          db,
        ),
        // Two halves, so each uses the trigram index (with OR the planner reads the whole vocabulary).
        ...fuzzy.map(({ term }) =>
          sql<{ word: string }>`select word from (
              select word from search_vocabulary where user_id = ${userId} and segments <= ${commonAt} and word % ${term}
              union
              select word from search_vocabulary where user_id = ${userId} and segments <= ${commonAt}
                and word like ${`%${term}%`}) near
            order by similarity(word, ${term}) desc limit ${limit}`.execute(db),
        ),
      ]);
      for (const row of indexed.rows) {
        if (row.kind === 'known') answer.known.add(row.word);
        else answer.sounding.get(row.term)?.push(row.word);
      }
      fuzzy.forEach(({ term }, i) => {
        answer.like.set(term, like[i]?.rows.map((r) => r.word) ?? []);
      });
      return answer;
    },

    /**
     * Words of the user's vocabulary (SQLite) containing one of `pieces` (substrings of a word of which
     * one survives a typo), except common ones: the caller keeps the close ones.
     */
    async wordsLike(userId: string, pieces: string[], limit: number, commonAt: number): Promise<string[]> {
      const result = await sql<{ word: string }>`select v.word from search_vocabulary_trigram f
        join search_vocabulary v on v.rowid = f.rowid
        where search_vocabulary_trigram match ${pieces.map(quoted).join(' OR ')} and v.user_id = ${userId}
          and v.segments <= ${commonAt}
        limit ${limit}`.execute(db);
      return result.rows.map((r) => r.word);
    },

    /** Which of these words the user's transcripts contain. */
    async knownWords(userId: string, candidates: string[]): Promise<Set<string>> {
      if (candidates.length === 0) return new Set();
      const rows = await db
        .selectFrom('search_vocabulary')
        .select('word')
        .where('user_id', '=', userId)
        .where('word', 'in', candidates)
        .execute();
      return new Set(rows.map((r) => r.word));
    },

    /** Words of the user's vocabulary (SQLite) with any of these sounds, except common ones. */
    async wordsSounding(userId: string, sounds: string[], limit: number, commonAt: number): Promise<string[]> {
      if (sounds.length === 0) return [];
      const rows = await db
        .selectFrom('search_vocabulary_sounds as s')
        .innerJoin('search_vocabulary as v', (join) =>
          join.onRef('v.user_id', '=', 's.user_id').onRef('v.word', '=', 's.word'),
        )
        .select('s.word')
        .distinct()
        .where('s.user_id', '=', userId)
        .where('s.sound', 'in', sounds)
        .where('v.segments', '<=', commonAt)
        .limit(limit)
        .execute();
      return rows.map((r) => r.word);
    },

    /** The segments behind a list of ids (any order), with their meeting, for one user only. */
    async segments(userId: string, segmentIds: string[]): Promise<SearchHitRow[]> {
      if (segmentIds.length === 0) return [];
      return (await db
        .selectFrom('transcriptions')
        .innerJoin('meetings', 'meetings.id', 'transcriptions.meeting_id')
        .leftJoin('people', 'people.id', 'transcriptions.person_id')
        .select(SEGMENT_COLUMNS)
        .select([
          'meetings.title as meeting_title',
          'meetings.project_id as meeting_project_id',
          'meetings.created_at as meeting_created_at',
        ])
        .where('transcriptions.user_id', '=', userId)
        .where('transcriptions.id', 'in', segmentIds)
        .execute()) as SearchHitRow[];
    },

    /** The project's meetings (for title matches and the meetingsSearched figure). */
    meetingsOfProject: (userId: string, projectId: string) =>
      db
        .selectFrom('meetings')
        .select(['id', 'title', 'created_at'])
        .where('user_id', '=', userId)
        .where('project_id', '=', projectId)
        .execute(),
  };
  return repository;
}

export type SearchRepository = ReturnType<typeof searchRepository>;
