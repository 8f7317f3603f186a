import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import {
  answerVocabulary,
  inScope,
  narrowed,
  RANK_ALL_UP_TO,
  type SearchCandidate,
  type SearchScope,
  type SearchStore,
  type VocabularyAsk,
  vocabularyOf,
  type WordQuery,
} from './store.ts';

// PostgreSQL's word index: the generated tsvector column `transcriptions.search_words` with its GIN
// index (migration 004-search), and each user's vocabulary with a pg_trgm index and a table of sounds.
// Why each statement has the shape it has (materialised CTEs, two halves of a near-spelling lookup):
// docs/decisions/065.

function tsQuery({ words, phrases, anyOf = [] }: WordQuery): string {
  const parts = anyOf.length > 0 ? [`(${anyOf.join(' | ')})`] : [];
  parts.push(...words.map((w) => `(${[w.word, ...(w.prefix ? [`${w.word}:*`] : []), ...w.others].join(' | ')})`));
  for (const phrase of phrases) parts.push(`(${phrase.join(' <-> ')})`);
  return parts.join(' & ');
}

export function postgresStore(db: Db): SearchStore {
  /**
   * The scope's segments, for a statement over the word index (null: the project has no meetings). A
   * project's meetings are read first and given as a list, so the planner knows how many segments they
   * hold (their index's statistics). A small project's are then ANDed with the word's matches as two
   * bitmaps, and only the project's matches are read: the word index is the whole instance's, and with the
   * meetings in a subquery the planner took the project for one meeting and ran the word index once per
   * meeting (40 times, 317 ms for "remote control" in a 40-meeting project of a 1M-segment instance, now
   * ~15). A project holding much of the library is filtered as before, matches first.
   */
  async function segmentsOf(scope: SearchScope): Promise<Expression<SqlBool> | null> {
    if (!('projectId' in scope)) return inScope(scope);
    const meetings = await db
      .selectFrom('meetings')
      .select('id')
      .where('project_id', '=', scope.projectId)
      .where('user_id', '=', scope.userId)
      .execute();
    if (meetings.length === 0) return null;
    return sql`t.user_id = ${scope.userId} and t.meeting_id = any(${meetings.map((m) => m.id)}::text[])`;
  }

  async function matching(scope: SearchScope, asked: WordQuery, limit: number): Promise<SearchCandidate[]> {
    const query = narrowed(scope, asked);
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
    const where = await segmentsOf(scope);
    if (!where) return [];
    // ts_rank_cd reads every match's vector: past RANK_ALL_UP_TO matches (a common word across a
    // library) only the first RANK_ALL_UP_TO found are considered, newest first.
    const result = await sql<SearchCandidate>`
      with matched as materialized (
        select t.id, t.meeting_id, t.created_at, t.search_words from transcriptions t
        where t.search_words @@ ${words} and ${where} limit ${RANK_ALL_UP_TO + 1})
      select id, meeting_id as "meetingId" from matched
      order by case when (select count(*) from matched) > ${RANK_ALL_UP_TO} then 0
        else ts_rank_cd(search_words, ${words}) end desc, created_at desc, id
      limit ${limit}`.execute(db);
    return result.rows;
  }

  /** Per ask, words of the scope's vocabulary with any of its sounds, except common ones: one statement. */
  async function wordsSounding(scope: SearchScope, asks: VocabularyAsk[], limit: number, commonAt: number) {
    // Each term's sounds, comma-joined (keys are letters only), so one array row carries them all.
    const sounds = asks.map((a) => a.sounds.join(','));
    const result = await sql<{ term: string; word: string; segments: number }>`select x.term, v.word, v.segments
      from unnest(${asks.map((a) => a.term)}::text[], ${sounds}::text[]) as x(term, sounds)
      cross join lateral (
        select distinct s.word, v.user_id, v.segments from search_vocabulary_sounds s
          join search_vocabulary v on v.user_id = s.user_id and v.word = s.word and v.segments <= ${commonAt}
          where ${vocabularyOf(scope, 's')} and s.sound = any(string_to_array(x.sounds, ',')) limit ${limit}) v`.execute(
      db,
    );
    return result.rows;
  }

  /**
   * Words of the scope's vocabulary close in letters to `term`, except common ones. Two halves, so each
   * uses the trigram index (with OR the planner reads the whole vocabulary).
   */
  async function wordsLike(scope: SearchScope, term: string, limit: number, commonAt: number) {
    const result = await sql<{ word: string; segments: number }>`select word, segments from (
        select v.user_id, word, segments from search_vocabulary v
          where ${vocabularyOf(scope, 'v')} and segments <= ${commonAt} and word % ${term}
        union
        select v.user_id, word, segments from search_vocabulary v
          where ${vocabularyOf(scope, 'v')} and segments <= ${commonAt} and word like ${`%${term}%`}) near
      order by similarity(word, ${term}) desc limit ${limit}`.execute(db);
    return result.rows;
  }

  return {
    matching,

    /** Inside a meeting, in one statement over the meeting's segments; elsewhere one by one. */
    async matchingEach(scope, queries, limit) {
      if (!('meetingId' in scope)) return Promise.all(queries.map((q) => (q ? matching(scope, q, limit) : [])));
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

    /** The held terms, then one round of 1 + n statements side by side on the pool for the others. */
    vocabulary: (scope, asks, limit, commonAt) =>
      answerVocabulary(
        asks,
        async (terms) =>
          (
            await sql<{ word: string; segments: number }>`select word, segments from search_vocabulary v
              where ${vocabularyOf(scope, 'v')} and word = any(${terms}::text[])`.execute(db)
          ).rows,
        async (open) => {
          const [sounding, ...like] = await Promise.all([
            wordsSounding(scope, open, limit, commonAt),
            ...open.map((ask) => (ask.pieces ? wordsLike(scope, ask.term, limit, commonAt) : [])),
          ]);
          return open.map((ask, i) => ({
            like: like[i] ?? [],
            sounding: sounding.filter((row) => row.term === ask.term),
          }));
        },
      ),
  };
}
