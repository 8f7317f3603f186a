import { Worker } from 'node:worker_threads';

// Read-only statements whose cost SQLite does not bound by what they return run on a thread of their own
// with its own connection to the database file (docs/decisions/260): FTS5 answers a word typed as a prefix
// by merging every match of the words it starts across the whole library, before it keeps one meeting's.
// Write-ahead logging lets this connection read beside the main one; a statement sees everything
// committed before it starts (searches never run inside a write).

export interface ReaderRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}
export type ReaderReply = { id: number; ok: true; rows: unknown[] } | { id: number; ok: false; message: string };

export interface SqliteReader {
  /** The statement's rows, read on the reader's thread. */
  read(query: { sql: string; parameters: readonly unknown[] }): Promise<unknown[]>;
  /** Statements answered so far. */
  stats(): { reads: number };
  close(): Promise<void>;
}

/**
 * The thread starts with the first statement and stays. Should it stop (a crash), the statements it held
 * fail and the next one starts another.
 */
export function sqliteReader(file: string): SqliteReader {
  let thread: {
    worker: Worker;
    waiting: Map<number, { resolve(rows: unknown[]): void; reject(e: Error): void }>;
  } | null = null;
  let nextId = 1;
  let reads = 0;
  let closed = false;

  function start() {
    const worker = new Worker(new URL('./reader-thread.ts', import.meta.url), { workerData: { file } });
    const started = { worker, waiting: new Map() };
    worker.on('message', (reply: ReaderReply) => {
      const waiting = started.waiting.get(reply.id);
      if (!waiting) return;
      started.waiting.delete(reply.id);
      // An idle reader does not hold the process open.
      if (started.waiting.size === 0) worker.unref();
      reads++;
      if (reply.ok) waiting.resolve(reply.rows);
      else waiting.reject(new Error(reply.message));
    });
    const lost = (error: Error) => {
      if (thread === started) thread = null;
      for (const waiting of started.waiting.values()) waiting.reject(error);
      started.waiting.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the SQLite reader thread stopped (exit code ${code})`)));
    worker.unref();
    return started;
  }

  return {
    read({ sql, parameters }) {
      if (closed) return Promise.reject(new Error('the SQLite reader is closed'));
      thread ??= start();
      const { worker, waiting } = thread;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, sql, parameters } satisfies ReaderRequest);
      });
    },
    stats: () => ({ reads }),
    async close() {
      closed = true;
      await thread?.worker.terminate();
    },
  };
}
