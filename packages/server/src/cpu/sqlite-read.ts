import SQLite from 'better-sqlite3';

// A CPU thread's own read-only connection to the SQLite file, for statements whose cost SQLite does not
// bound by what they return: FTS5 merges every match in the library of a word typed as a prefix before it
// keeps those of one meeting (docs/decisions/260). On this thread the main thread's event loop keeps
// answering meanwhile. Write-ahead logging lets this connection read beside the main one: a statement sees
// everything committed before it starts.

export interface SqliteRead {
  /** The database file (the main connection's). */
  file: string;
  sql: string;
  parameters: readonly unknown[];
}

/** Statements kept prepared per connection: the searches' few shapes. */
const PREPARED_KEPT = 64;

let connection: { file: string; db: SQLite.Database; prepared: Map<string, SQLite.Statement> } | null = null;

function connectionTo(file: string) {
  if (connection?.file === file) return connection;
  connection?.db.close();
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  connection = { file, db, prepared: new Map() };
  return connection;
}

/** The statement's rows. */
export function sqliteRead({ file, sql, parameters }: SqliteRead): unknown[] {
  const { db, prepared } = connectionTo(file);
  let statement = prepared.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    if (prepared.size >= PREPARED_KEPT) prepared.delete(prepared.keys().next().value as string);
    prepared.set(sql, statement);
  }
  return statement.all(...parameters);
}
