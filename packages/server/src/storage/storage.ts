import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
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
  };
}

export async function ensureTempDir(storage: AudioStorage) {
  await mkdir(dirname(storage.tempPath('x')), { recursive: true });
}
