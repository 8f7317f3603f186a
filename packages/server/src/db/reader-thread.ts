import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { ReaderReply, ReaderRequest } from './reader.ts';

// The SQLite reader's thread (db/reader.ts): its own read-only connection to the database file answers
// the statements it is sent, one at a time, while the main thread's event loop goes on.
const { file } = workerData as { file: string };
const db = new SQLite(file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');

/** Statements kept prepared: the searches' few shapes. */
const PREPARED_KEPT = 64;
const prepared = new Map<string, SQLite.Statement>();

function statement(sql: string) {
  let found = prepared.get(sql);
  if (!found) {
    found = db.prepare(sql);
    if (prepared.size >= PREPARED_KEPT) prepared.delete(prepared.keys().next().value as string);
    prepared.set(sql, found);
  }
  return found;
}

const port = parentPort!;
port.on('message', ({ id, sql, parameters }: ReaderRequest) => {
  let reply: ReaderReply;
  try {
    reply = { id, ok: true, rows: statement(sql).all(...parameters) };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
