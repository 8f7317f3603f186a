import type { Readable } from 'node:stream';

export { recordingNotFound, StorageUnavailableError } from './errors.ts';

/** A byte range, both ends included (as in HTTP). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where recordings live. Keys are relative paths like `audio/<userId>/<fileId>.webm`. Two
 * implementations: files under DATA_DIR, or an S3-compatible bucket (docs/decisions/094-s3-storage.md).
 */
export interface AudioStorage {
  /**
   * Stores `source` under `key` as it arrives, then hands a local copy of the complete file to
   * `inspect` (to measure it). When the source fails (a client disconnect, a size limit), the store
   * fails, or `inspect` throws, nothing stays stored and the error is rethrown.
   */
  store<T>(key: string, source: Readable, inspect: (localPath: string) => Promise<T>): Promise<T>;
  /** Size in bytes, or null when there is nothing under `key`. */
  size(key: string): Promise<number | null>;
  /**
   * Opens the recording (or one range of it). Resolves once the store has answered, so a failure is
   * an error reply rather than a stream broken after the headers were sent.
   */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Runs `fn` with a local file holding the recording; a temporary copy is always removed afterwards. */
  withLocalFile<T>(key: string, fn: (path: string) => Promise<T>, opts?: { signal?: AbortSignal }): Promise<T>;
  delete(key: string): Promise<void>;
  /** Resolves when the store is reachable and writable; rejects with the reason otherwise (for health checks). */
  check(): Promise<void>;
  /** What GET /api/health reports the store as. */
  readonly kind: 'local' | 's3';
}
