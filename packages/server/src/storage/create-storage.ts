import type { StorageConfig } from '../config-storage.ts';
import { localStorage } from './local.ts';
import { s3Storage } from './s3.ts';
import type { AudioStorage } from './storage.ts';

/** The store the configuration names; apart from storage.ts so the implementations can import its types. */
export async function createStorage(config: StorageConfig, dataDir: string): Promise<AudioStorage> {
  return config.kind === 's3' ? s3Storage(config, dataDir) : localStorage(dataDir);
}
