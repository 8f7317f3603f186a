import type { Db } from '../db/database.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { recordingsRepository } from '../repositories/recordings.ts';
import { removeFile } from '../storage/remove-file.ts';
import type { AudioStorage } from '../storage/storage.ts';
import { meetingLifecycle } from './meeting-lifecycle.ts';

interface Deps {
  db: Db;
  meetings: ReturnType<typeof meetingsRepository>;
  recordings: ReturnType<typeof recordingsRepository>;
  storage: AudioStorage;
  log: { warn: (obj: object, msg: string) => void };
}

/**
 * The chunks a recording finished by the idle sweep keeps, once put together, for its browser to come
 * back with the rest (decision 150). They go, and the recording closes (it takes no more), `keepMs` after
 * its last chunk, or when its owner deletes the recording they were put together into (decision 263).
 */
export function keptChunks({ db, meetings, recordings, storage, log }: Deps) {
  const lifecycle = meetingLifecycle({ meetings, recordings });

  /**
   * Closes the recording if it still keeps its chunks (and its last one came before `before`, when
   * given); then its chunk rows go in the same transaction, the user's stored bytes with them, and their
   * files after. Whether it was closed here.
   */
  async function close(meetingId: string, before: string | null): Promise<boolean> {
    const dropped = await db.transaction().execute(async (trx) => {
      if (!(await lifecycle.close(trx, meetingId, before))) return []; // a chunk came, or another worker took it
      const chunks = await recordings.chunks(meetingId, trx);
      await recordings.deleteChunkRows(trx, meetingId);
      return chunks;
    });
    for (const c of dropped) await removeFile(storage, c.storage_key, log, 'chunk file', { meetingId });
    return dropped.length > 0;
  }

  return {
    /** The retention job: recordings whose browser did not come back within `keepMs`. How many closed. */
    async dropExpired(keepMs: number): Promise<number> {
      const before = new Date(Date.now() - keepMs).toISOString();
      let closed = 0;
      for (const { id } of await recordings.keptBefore(before)) if (await close(id, before)) closed++;
      return closed;
    },

    /** "Delete recording": the chunks it was put together from go with it, whenever they came. */
    dropFor: (meetingId: string) => close(meetingId, null),
  };
}
