import { constants, createReadStream, createWriteStream, open } from 'node:fs';
import { access, mkdir, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { type AudioStorage, recordingNotFound } from './storage.ts';

const openFile = promisify(open);
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
      // Opened before the reply starts, so a missing file is a 404 and not a cut stream.
      // (A plain descriptor: Fastify never finishes a reply whose stream reads through a FileHandle.)
      const fd = await openFile(pathOf(key), 'r').catch((error) => {
        throw isMissing(error) ? recordingNotFound() : error;
      });
      return createReadStream('', { fd, start: range?.start, end: range?.end });
    },
    withLocalFile: (key, fn) => fn(pathOf(key)),
    delete: (key) => rm(pathOf(key), { force: true }),
    check: () => access(root, constants.W_OK),
    kind: 'local',
  };
}
