import type { Db, DbKind } from '../db/database.ts';
import type { SegmentInMeetingRow } from '../repositories/transcriptions.ts';
import { runSearch } from './engine.ts';
import { postgresStore } from './postgres-store.ts';
import type { SemanticRetriever } from './semantic/retriever.ts';
import { sqliteStore } from './sqlite-store.ts';
import type { SearchScope, SearchStore } from './store.ts';

// The search module's face: what the services use. How a query becomes a ranked list is engine.ts; the
// database's part of it is one store per database behind store.ts's interface.

/** The word index of the database in use. */
export const searchStore = (db: Db, kind: DbKind): SearchStore =>
  kind === 'postgres' ? postgresStore(db) : sqliteStore(db);

export function searchIndex(options: {
  db: Db;
  kind: DbKind;
  /** Reads the segments a page shows, with their meetings (the transcriptions repository). */
  segments: (userId: string, ids: string[]) => Promise<SegmentInMeetingRow[]>;
  semantic?: SemanticRetriever;
}) {
  const deps = { store: searchStore(options.db, options.kind), segments: options.segments, semantic: options.semantic };
  return {
    /** The scope's segments matching `text`, best first; each retriever returns at most `cap`. */
    run: (scope: SearchScope, text: string, cap: number) => runSearch(deps, scope, text, cap),
  };
}

export type SearchIndex = ReturnType<typeof searchIndex>;
export type { SearchScope } from './store.ts';
