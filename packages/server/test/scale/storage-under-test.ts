// Where the processes of the scale test keep recordings, and how the test lists what is stored.
import { readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tempDataDir } from '../helpers/database.ts';

export interface StorageUnderTest {
  /** Variables every process gets. */
  env: Record<string, string>;
  /** Set when the processes must share one DATA_DIR (local files); undefined for an object store. */
  sharedDataDir?: string;
  /** Every stored object's key. */
  listKeys(): Promise<string[]>;
  stop(): Promise<void>;
}

/** Local files in one DATA_DIR shared by every process (the embedded mode's storage). */
export async function startStorageUnderTest(): Promise<StorageUnderTest> {
  const dir = tempDataDir('parley-scale-shared-');
  return {
    env: {},
    sharedDataDir: dir,
    async listKeys() {
      const root = join(dir, 'audio');
      try {
        return readdirSync(root, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => relative(dir, join(e.parentPath, e.name)));
      } catch {
        return [];
      }
    },
    async stop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
