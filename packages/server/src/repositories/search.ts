import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db, DbKind } from '../db/database.ts';
import type { ParsedQuery } from '../search/query-parser.ts';
import type { SegmentRow } from './transcriptions.ts';

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

export interface FuzzyTerm {
  term: string;
  /** Substrings of which at least one survives a single misspelling (SQLite's trigram table). */
  pieces: string[];
}

const quoted = (word: string) => `"${word}"`;

/** FTS5: every term as a word, a stem or a prefix; quoted phrases as phrases. Only in the text column. */
function fts5WordQuery(query: ParsedQuery): string {
  const parts = query.terms.map((t) => `(${quoted(t)} OR ${quoted(t)}*)`);
  for (const phrase of query.phrases) parts.push(quoted(phrase.join(' ')));
  return `{text} : (${parts.join(' AND ')})`;
}

function tsWordQuery(query: ParsedQuery): string {
  const parts = query.terms.map((t) => `(${t} | ${t}:*)`);
  for (const phrase of query.phrases) parts.push(`(${phrase.join(' <-> ')})`);
  return parts.join(' & ');
}

export function searchRepository(db: Db, kind: DbKind) {
  const inScope = (scope: SearchScope): Expression<SqlBool> => {
    const user = sql<SqlBool>`t.user_id = ${scope.userId}`;
    if ('meetingId' in scope) return sql`${user} and t.meeting_id = ${scope.meetingId}`;
    if ('personId' in scope) return sql`${user} and t.person_id = ${scope.personId}`;
    return sql`${user} and t.meeting_id in (select m.id from meetings m where m.project_id = ${scope.projectId} and m.user_id = ${scope.userId})`;
  };

  const ids = async (query: ReturnType<typeof sql<{ id: string }>>) => (await query.execute(db)).rows.map((r) => r.id);

  const sqliteMatch = (
    table: 'transcriptions_fts' | 'transcriptions_trigram',
    match: string,
    scope: SearchScope,
    limit: number,
  ) =>
    ids(sql<{ id: string }>`select t.id from ${sql.table(table)} f join transcriptions t on t.rowid = f.rowid
      where ${sql.table(table)} match ${match} and ${inScope(scope)} order by f.rank limit ${limit}`);

  return {
    /** Words, stems, prefixes and phrases, ranked by BM25 (SQLite) or cover density (PostgreSQL). */
    keyword(scope: SearchScope, query: ParsedQuery, limit: number): Promise<string[]> {
      if (kind === 'sqlite') return sqliteMatch('transcriptions_fts', fts5WordQuery(query), scope, limit);
      return ids(sql<{ id: string }>`select t.id from transcriptions t, to_tsquery('english', ${tsWordQuery(query)}) q
        where t.search_words @@ q and ${inScope(scope)} order by ts_rank_cd(t.search_words, q) desc, t.id limit ${limit}`);
    },

    /** Segments with every query word's sound (any of its phonetic keys). */
    phonetic(scope: SearchScope, alternatives: string[][], limit: number): Promise<string[]> {
      if (kind === 'sqlite') {
        const match = `{phonetic_keys} : (${alternatives.map((alts) => `(${alts.map(quoted).join(' OR ')})`).join(' AND ')})`;
        return sqliteMatch('transcriptions_fts', match, scope, limit);
      }
      const tsquery = alternatives.map((alts) => `(${alts.join(' | ')})`).join(' & ');
      return ids(sql<{ id: string }>`select t.id from transcriptions t, to_tsquery('simple', ${tsquery}) q
        where t.search_phonetic @@ q and ${inScope(scope)} order by ts_rank_cd(t.search_phonetic, q) desc, t.id limit ${limit}`);
    },

    /** Candidates that share enough letters with every term to be a misspelling of it (checked by the caller). */
    async fuzzy(scope: SearchScope, terms: FuzzyTerm[], limit: number): Promise<string[]> {
      if (kind === 'sqlite') {
        const match = terms.map((t) => `(${t.pieces.map(quoted).join(' OR ')})`).join(' AND ');
        return sqliteMatch('transcriptions_trigram', match, scope, limit);
      }
      return db.transaction().execute(async (trx) => {
        // word_similarity's default threshold (0.6) misses common misspellings of short words.
        await sql`set local pg_trgm.word_similarity_threshold = 0.3`.execute(trx);
        const each = terms.map((t) => sql<SqlBool>`${t.term} <% t.text`);
        const similarity = terms.map((t) => sql`word_similarity(${t.term}, t.text)`);
        const result = await sql<{ id: string }>`select t.id from transcriptions t
          where (${sql.join(each, sql` and `)}) and ${inScope(scope)}
          order by (${sql.join(similarity, sql` + `)}) desc, t.id limit ${limit}`.execute(trx);
        return result.rows.map((r) => r.id);
      });
    },

    /** The segments behind a list of ids (any order), with their meeting, for one user only. */
    async segments(userId: string, segmentIds: string[]): Promise<SearchHitRow[]> {
      if (segmentIds.length === 0) return [];
      return (await db
        .selectFrom('transcriptions')
        .innerJoin('meetings', 'meetings.id', 'transcriptions.meeting_id')
        .leftJoin('people', 'people.id', 'transcriptions.person_id')
        .select([
          'transcriptions.id',
          'transcriptions.user_id',
          'transcriptions.meeting_id',
          'transcriptions.speaker',
          'transcriptions.person_id',
          'transcriptions.text',
          'transcriptions.is_edited',
          'transcriptions.start_ms',
          'transcriptions.end_ms',
          'transcriptions.created_at',
          'transcriptions.updated_at',
          'people.name as person_name',
          'people.company as person_company',
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
}

export type SearchRepository = ReturnType<typeof searchRepository>;
