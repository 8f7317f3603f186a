import type { AudioStorage } from './storage.ts';

/**
 * Removes a stored file nothing needs any more (its rows are gone or never were). A failure (the store
 * down) is logged with the key, never thrown: the caller's work stands, and the file left is an orphan
 * that costs storage only (decision 094). `what` names the file in the log: "<what> not removed".
 */
export async function removeFile(
  storage: Pick<AudioStorage, 'delete'>,
  key: string,
  log: { warn: (obj: object, msg: string) => void },
  what: string,
  context: Record<string, unknown> = {},
): Promise<void> {
  await storage.delete(key).catch((err) => log.warn({ err, key, ...context }, `${what} not removed`));
}
