import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { checkpointInThread } from './checkpointer.ts';
import { type SqliteReader, sqliteReader } from './reader.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type DbKind = Config['database']['kind'];

// PostgreSQL returns int8 (COUNT, SUM) as strings; our counts fit comfortably in a double.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

/**
 * `onConnectionError`: an idle PostgreSQL connection was cut (a server restart, an administrator):
 * pg-pool drops it and reconnects on the next query, but raises an 'error' event that would otherwise
 * crash the process. With SQLite: the checkpointer's thread failed (db/checkpointer.ts).
 */
export function createDb(
  database: Config['database'],
  onConnectionError: (error: Error) => void,
): { db: Db; kind: DbKind; reader?: SqliteReader } {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    pool.on('error', onConnectionError);
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  if (sqlite.memory) return { db, kind: 'sqlite' };
  const checkpointer = checkpointInThread(sqlite, database.file, onConnectionError);
  // The search's full-text matches read on a thread of their own (db/reader.ts, decision 260).
  const reader = sqliteReader(database.file);
  // Kysely's destroy closes the connection: the checkpointer and the reader go first.
  const close = sqlite.close.bind(sqlite);
  sqlite.close = () => {
    void checkpointer.stop();
    void reader.close();
    return close();
  };
  return { db, kind: 'sqlite', reader };
}
