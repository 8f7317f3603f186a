import type { Db } from '../db/database.ts';
import { payloadTooLarge } from '../lib/errors.ts';
import type { storageUseRepository } from '../repositories/storage-use.ts';

interface Deps {
  storageUse: ReturnType<typeof storageUseRepository>;
  /** TIER_STORAGE_MB in bytes. */
  limitBytes: number;
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => (bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0);

/**
 * The bytes a user may keep in the store (docs/decisions/202): uploads, imports' audio and recording
 * chunks all count. A write is checked before its bytes are stored (a first answer, so a refused write
 * costs little) and again where the row that names them is written, under the user's lock, so writes
 * sent at once never pass together: no sequence of requests keeps more than the limit.
 */
export function storageRoom({ storageUse, limitBytes }: Deps) {
  function assertFits(used: number, adding: number) {
    if (adding <= 0 || used + adding <= limitBytes) return;
    const left = Math.max(0, limitBytes - used);
    throw payloadTooLarge(
      `Not enough storage left: ${megabytes(left)} MB of your ${megabytes(limitBytes)} MB are free and this needs ${megabytes(adding)} MB. Delete recordings you no longer need to make room.`,
    );
  }

  return {
    limitBytes,
    used: (userId: string) => storageUse.bytes(userId),
    /** The check itself, on bytes used as read before (sync, for a stream's inspection). */
    assertFits,

    /** 413 when `adding` more bytes would not fit; read without a lock, before anything is stored. */
    async assertRoom(userId: string, adding: number) {
      assertFits(await storageUse.bytes(userId), adding);
    },

    /** The same check inside `trx`, holding the user's row until it ends: the answer that counts. */
    async assertRoomIn(trx: Db, userId: string, adding: number) {
      await storageUse.lock(trx, userId);
      assertFits(await storageUse.bytes(userId, trx), adding);
    },
  };
}

export type StorageRoom = ReturnType<typeof storageRoom>;
