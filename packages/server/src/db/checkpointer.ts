import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the write-ahead log is copied into the database file (and synced). */
export const CHECKPOINT_EVERY_MS = 1000;

/**
 * SQLite's automatic checkpoint runs inside the COMMIT that crosses 1,000 pages of log: that COMMIT
 * copies ~4 MB into the file and fsyncs it on the main thread, 100-250 ms here during a large import in
 * which every turn is otherwise short. Instead a thread of its own checkpoints every second with its own
 * connection (docs/decisions/192). Durability is unchanged (synchronous = NORMAL): a commit reaches the
 * disk at the next checkpoint, now within a second. Should the thread ever stop, the automatic checkpoint
 * is switched back on.
 */
export function checkpointInThread(
  sqlite: SQLite.Database,
  file: string,
  onError: (error: Error) => void,
): { stop(): Promise<void> } {
  sqlite.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(new URL('./checkpointer-thread.ts', import.meta.url), {
    workerData: { file, everyMs: CHECKPOINT_EVERY_MS },
  });
  worker.unref();
  let stopping = false;
  const fallBack = () => {
    if (stopping || !sqlite.open) return;
    sqlite.pragma('wal_autocheckpoint = 1000');
  };
  worker.on('error', (error) => {
    onError(error);
    fallBack();
  });
  worker.on('exit', fallBack);
  return {
    async stop() {
      stopping = true;
      await worker.terminate();
    },
  };
}
