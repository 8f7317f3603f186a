import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** What a user's files take in the store, counted against TIER_STORAGE_MB (docs/decisions/202). */
export function storageUseRepository(db: Db) {
  return {
    /**
     * Bytes the user's files take: every recording (uploads, imports' audio, recordings put together) and
     * every chunk kept; a recording still being made (or put together) also holds room for the file its
     * chunks will become, as large as they are, unless its earlier file is larger already.
     */
    async bytes(userId: string, trx: Db = db): Promise<number> {
      const row = await sql<{ bytes: number | string | null }>`
        select
          (select coalesce(sum(size), 0) from recording_chunks where user_id = ${userId})
          + (select coalesce(sum(case
                when m.recording_state is not null and coalesce(c.bytes, 0) > coalesce(m.audio_size, 0)
                  then coalesce(c.bytes, 0)
                else coalesce(m.audio_size, 0) end), 0)
             from meetings m
             left join (select meeting_id, sum(size) as bytes from recording_chunks
                        where user_id = ${userId} group by meeting_id) c on c.meeting_id = m.id
             where m.user_id = ${userId} and (m.audio_key is not null or m.recording_state is not null))
          as bytes`.execute(trx);
      return Number(row.rows[0]?.bytes ?? 0);
    },

    /**
     * Holds the user's row until `trx` ends, so two writes of one user's files are checked one after the
     * other: an update that changes nothing takes PostgreSQL's row lock and SQLite's write lock (a read
     * first would let another process write between the check and the write).
     */
    async lock(trx: Db, userId: string): Promise<void> {
      await trx.updateTable('users').set({ updated_at: sql`updated_at` }).where('id', '=', userId).execute();
    },
  };
}
