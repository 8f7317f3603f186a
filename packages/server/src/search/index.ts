import type { Db, DbKind } from '../db/database.ts';
import type { SqliteReader } from '../db/reader.ts';
import type { SegmentInMeetingRow } from '../repositories/transcriptions.ts';
import { runSearch } from './engine.ts';
import { postgresStore } from './postgres-store.ts';
import type { SemanticRetriever } from './semantic/retriever.ts';
import { peopleNamed, segmentsOfSpeakers } from './speakers.ts';
import { sqliteStore } from './sqlite-store.ts';
import type { SearchScope, SearchStore } from './store.ts';
import type { TextMatcher } from './word-match.ts';

// The search module's face: what the services use. How a query becomes a ranked list is engine.ts; the
// database's part of it is one store per database behind store.ts's interface.

/** The word index of the database in use; on SQLite its matches are read by `reader` when given. */
export const searchStore = (db: Db, kind: DbKind, reader?: SqliteReader): SearchStore =>
  kind === 'postgres' ? postgresStore(db) : sqliteStore(db, reader);

/** People whose name matches a query: listed, and their segments searched, at most this many. */
const PEOPLE_LISTED = 20;

export function searchIndex(options: {
  db: Db;
  kind: DbKind;
  /** Reads the segments a page shows, with their meetings (the transcriptions repository). */
  segments: (scope: SearchScope, ids: string[]) => Promise<SegmentInMeetingRow[]>;
  semantic?: SemanticRetriever;
  /** SQLite: reads the full-text matches off the event loop (db/reader.ts, decision 260). */
  reader?: SqliteReader;
}) {
  const { db } = options;
  const deps = {
    store: searchStore(db, options.kind, options.reader),
    segments: options.segments,
    semantic: options.semantic,
    async speakers(scope: SearchScope, terms: string[], match: TextMatcher, cap: number) {
      const people = await peopleNamed(db, scope.userId, match, PEOPLE_LISTED);
      return segmentsOfSpeakers(db, scope, { personIds: people.map((p) => p.id), label: terms.join(' ') }, cap);
    },
  };
  return {
    /** The scope's segments matching `text`, best first; each retriever returns at most `cap`. */
    run: (scope: SearchScope, text: string, cap: number) => runSearch(deps, scope, text, cap),
    /** The user's people whose name the query matches (by the readings of a search's matcher). */
    people: (userId: string, match: TextMatcher) => peopleNamed(db, userId, match, PEOPLE_LISTED),
  };
}

export type SearchIndex = ReturnType<typeof searchIndex>;
export type { SearchScope } from './store.ts';
