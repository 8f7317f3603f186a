import { randomBytes } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { recordingNotFound } from './errors.ts';
import type { AudioStorage } from './storage.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Recordings as files under DATA_DIR: the embedded default. */
export async function localStorage(dataDir: string): Promise<AudioStorage> {
  const root = resolve(dataDir);
  await mkdir(root, { recursive: true });
  const pathOf = (key: string) => {
    const full = resolve(root, key);
    if (!full.startsWith(root + sep)) throw new Error(`storage key escapes the data directory: ${key}`);
    return full;
  };
  return {
    async store(key, source, inspect) {
      const path = pathOf(key);
      try {
        await mkdir(dirname(path), { recursive: true });
        await pipeline(source, createWriteStream(path));
        return await inspect(path);
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      // Checked before the reply starts, so a file deleted meanwhile is a 404 and not a cut stream.
      const path = pathOf(key);
      await access(path, constants.R_OK).catch((error) => {
        throw isMissing(error) ? recordingNotFound() : error;
      });
      return createReadStream(path, range);
    },
    withLocalFile: (key, fn) => fn(pathOf(key)),
    delete: (key) => rm(pathOf(key), { force: true }),
    // A file written and removed where recordings go proves the store takes them (a permission check
    // alone passes for root whatever the disk's state).
    async check() {
      const dir = join(root, 'audio');
      await mkdir(dir, { recursive: true });
      const probe = join(dir, `.health-${process.pid}-${randomBytes(4).toString('hex')}`);
      await writeFile(probe, 'ok');
      await rm(probe, { force: true });
    },
    kind: 'local',
  };
}
