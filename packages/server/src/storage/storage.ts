import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where recordings live. Keys are relative paths like `audio/<userId>/<meetingId>.webm`.
 * The local implementation keeps files under DATA_DIR; an S3-compatible one can implement the same
 * interface (the pipeline asks for a local path, which S3 would satisfy with a temporary download).
 */
export interface AudioStorage {
  /** Moves a finished temporary file into storage under `key`. */
  putFile(key: string, tempPath: string): Promise<void>;
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | null>;
  localPath(key: string): Promise<string>;
  delete(key: string): Promise<void>;
  /** A scratch path on the same filesystem, for uploads in progress. */
  tempPath(name: string): string;
  /** What GET /api/health reports the store as (`local` when absent). */
  readonly kind?: string;
  /** Throws when recordings cannot be stored right now (GET /api/health). */
  check?(): Promise<void>;
}

export function localStorage(dataDir: string): AudioStorage {
  const root = resolve(dataDir);
  const pathOf = (key: string) => {
    const full = resolve(root, key);
    if (!full.startsWith(root + sep)) throw new Error(`storage key escapes the data directory: ${key}`);
    return full;
  };
  return {
    async putFile(key, tempPath) {
      const dest = pathOf(key);
      await mkdir(dirname(dest), { recursive: true });
      await rename(tempPath, dest);
    },
    read: (key, range) => createReadStream(pathOf(key), range),
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    localPath: async (key) => pathOf(key),
    delete: (key) => rm(pathOf(key), { force: true }),
    tempPath: (name) => join(root, 'tmp', name),
    kind: 'local',
    // Uploads land in tmp/ first, so a file written and removed there proves the store takes recordings.
    async check() {
      const probe = join(root, 'tmp', `.health-${process.pid}-${randomBytes(4).toString('hex')}`);
      await writeFile(probe, 'ok');
      await rm(probe, { force: true });
    },
  };
}

export async function ensureTempDir(storage: AudioStorage) {
  await mkdir(dirname(storage.tempPath('x')), { recursive: true });
}
