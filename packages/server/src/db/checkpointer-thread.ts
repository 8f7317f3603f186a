import { workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

// The SQLite checkpointer's thread (db/checkpointer.ts): its own connection to the database file copies
// the write-ahead log into the file on a timer, so the copy and its fsync never run on the main thread.
const { file, everyMs } = workerData as { file: string; everyMs: number };
const db = new SQLite(file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
// PASSIVE: copies what no reader still needs, never waits for or blocks a writer or a reader.
setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), everyMs);
