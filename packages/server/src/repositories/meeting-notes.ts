import type { Db } from '../db/database.ts';
import { nowIso } from '../lib/ids.ts';

/** The notes columns of a meeting: the summary's generation lease and the action-items status. */
export function meetingNotesRepository(db: Db) {
  return {
    /**
     * Takes the meeting's summary lease when nobody holds it or the holder stopped renewing it: a
     * conditional UPDATE, so exactly one of several API processes wins.
     */
    async acquireSummaryLease(userId: string, meetingId: string, leaseId: string, seconds: number): Promise<boolean> {
      const now = nowIso();
      const result = await db
        .updateTable('meetings')
        .set({ summary_lease_id: leaseId, summary_lease_until: new Date(Date.now() + seconds * 1000).toISOString() })
        .where('user_id', '=', userId)
        .where('id', '=', meetingId)
        .where((eb) => eb.or([eb('summary_lease_until', 'is', null), eb('summary_lease_until', '<', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async renewSummaryLease(meetingId: string, leaseId: string, seconds: number): Promise<boolean> {
      const result = await db
        .updateTable('meetings')
        .set({ summary_lease_until: new Date(Date.now() + seconds * 1000).toISOString() })
        .where('id', '=', meetingId)
        .where('summary_lease_id', '=', leaseId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Saves the summary and gives the lease back in one statement; false when the lease was lost. */
    async saveSummary(meetingId: string, leaseId: string, summary: string, engine: string): Promise<boolean> {
      const now = nowIso();
      const result = await db
        .updateTable('meetings')
        .set({
          summary,
          summary_engine: engine,
          summary_generated_at: now,
          summary_lease_id: null,
          summary_lease_until: null,
          updated_at: now,
        })
        .where('id', '=', meetingId)
        .where('summary_lease_id', '=', leaseId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async releaseSummaryLease(meetingId: string, leaseId: string): Promise<void> {
      await db
        .updateTable('meetings')
        .set({ summary_lease_id: null, summary_lease_until: null })
        .where('id', '=', meetingId)
        .where('summary_lease_id', '=', leaseId)
        .execute();
    },

    /** Moves the meeting to `processing` unless it already is; false means another request got there first. */
    async startActionItems(trx: Db, userId: string, meetingId: string): Promise<boolean> {
      const result = await trx
        .updateTable('meetings')
        .set({
          action_items_status: 'processing',
          action_items_progress: 0,
          action_items_error: null,
          updated_at: nowIso(),
        })
        .where('user_id', '=', userId)
        .where('id', '=', meetingId)
        .where('action_items_status', '!=', 'processing')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type MeetingNotesRepository = ReturnType<typeof meetingNotesRepository>;
