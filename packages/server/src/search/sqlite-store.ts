import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SqliteReader } from '../db/reader.ts';
import {
  answerVocabulary,
  inScope,
  narrowed,
  RANK_ALL_UP_TO,
  type SearchCandidate,
  type SearchScope,
  type SearchStore,
  vocabularyOf,
  type WordQuery,
} from './store.ts';
import { rankByTermFrequency } from './term-frequency-rank.ts';

// SQLite's word index: the FTS5 table `transcriptions_fts` over segment text and meeting id (migration
// 004-search), and each user's vocabulary with an FTS5 `trigram` table and a table of sounds.

// Ids are opaque to users but contain only letters, digits and '-', so quoting them is safe too.
const quoted = (word: string) => `"${word.replace(/"/g, '""')}"`;

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

/** `reader`: where the full-text matches are read, off the event loop (db/reader.ts); without one, here. */
export function sqliteStore(db: Db, reader?: Pick<SqliteReader, 'read'>): SearchStore {
  /**
   * The full-text matches. FTS5 bounds an intersection of plain words by the shorter list (it skips
   * through the longer one), but a word read as a prefix first merges the lists of every indexed word it
   * starts, across the whole library, whatever else the query asks: a cost that grows with everyone's
   * segments. So these statements run off the event loop when a reader is given (decision 260).
   */
  const matches = async <T>(query: RawBuilder<T>): Promise<T[]> =>
    reader ? ((await reader.read(query.compile(db))) as T[]) : (await query.execute(db)).rows;

  async function matching(scope: SearchScope, asked: WordQuery, limit: number): Promise<SearchCandidate[]> {
    const query = narrowed(scope, asked);
    const match = fts5Query(query);
    if ('meetingId' in scope) {
      // A meeting's matches are ranked here (term-frequency-rank.ts), because FTS5's bm25() would first
      // count every match of each word across the library. Ranking reads each match's text on the main
      // thread (the statement runs on the reader's): past RANK_ALL_UP_TO matches (a word said all
      // through a 20,000-segment meeting) the first found, in the order written, are taken unranked, so
      // no search's work grows with the meeting (issue 36). Reading stops where the choice is made.
      const rows = await matches(
        sql<SearchCandidate & { text: string }>`select t.id, t.meeting_id as meetingId, t.text
        from transcriptions_fts f join transcriptions t on t.rowid = f.rowid
        where transcriptions_fts match ${`{meeting_id} : ${quoted(scope.meetingId)} AND ${match}`}
          and ${inScope(scope)}
        order by f.rowid limit ${RANK_ALL_UP_TO + 1}`,
      );
      const found = rows.length > RANK_ALL_UP_TO ? rows : rankByTermFrequency(rows, query);
      return found.slice(0, limit).map(({ id, meetingId }) => ({ id, meetingId }));
    }
    // BM25 scores every match before sorting: past a few thousand matches (a common word across a
    // library) that alone takes longer than the search may, so the newest matches are taken instead.
    // Counting stops where the choice is made.
    const count = await matches(
      sql<{ n: number }>`select count(*) as n from (select 1 from transcriptions_fts
      where transcriptions_fts match ${match} limit ${RANK_ALL_UP_TO + 1})`,
    );
    const order = Number(count[0]?.n) > RANK_ALL_UP_TO ? sql`f.rowid desc` : sql`f.rank`;
    return matches(
      sql<SearchCandidate>`select t.id, t.meeting_id as meetingId
      from transcriptions_fts f join transcriptions t on t.rowid = f.rowid
      where transcriptions_fts match ${match} and ${inScope(scope)}
      order by ${order} limit ${limit}`,
    );
  }

  /** Words of the scope's vocabulary sharing most of `pieces` (trigrams), except common ones. */
  async function wordsLike(scope: SearchScope, pieces: string[], limit: number, commonAt: number) {
    const result = await sql<{ word: string; segments: number }>`select v.word, v.segments
      from search_vocabulary_trigram f join search_vocabulary v on v.rowid = f.rowid
      where search_vocabulary_trigram match ${pieces.map(quoted).join(' OR ')} and ${vocabularyOf(scope, 'v')}
        and v.segments <= ${commonAt}
      order by f.rank limit ${limit}`.execute(db);
    return result.rows;
  }

  /** Words of the scope's vocabulary with any of these sounds, except common ones. */
  async function wordsSounding(scope: SearchScope, sounds: string[], limit: number, commonAt: number) {
    if (sounds.length === 0) return [];
    const result = await sql<{ word: string; segments: number }>`select distinct s.word, v.user_id, v.segments
      from search_vocabulary_sounds s join search_vocabulary v on v.user_id = s.user_id and v.word = s.word
      where ${vocabularyOf(scope, 's')} and s.sound in (${sql.join(sounds)}) and v.segments <= ${commonAt}
      limit ${limit}`.execute(db);
    return result.rows;
  }

  return {
    matching,
    matchingEach: (scope, queries, limit) => Promise.all(queries.map((q) => (q ? matching(scope, q, limit) : []))),

    vocabulary: (scope, asks, limit, commonAt) =>
      answerVocabulary(
        asks,
        async (terms) =>
          (
            await sql<{ word: string; segments: number }>`select v.word, v.segments from search_vocabulary v
              where ${vocabularyOf(scope, 'v')} and v.word in (${sql.join(terms)})`.execute(db)
          ).rows,
        async (open) => {
          const found = [];
          for (const ask of open) {
            const like = ask.pieces ? await wordsLike(scope, ask.pieces, limit, commonAt) : [];
            found.push({ like, sounding: await wordsSounding(scope, ask.sounds, limit, commonAt) });
          }
          return found;
        },
      ),
  };
}
