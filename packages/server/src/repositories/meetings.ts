import type { Db } from '../db/database.ts';
import type { MeetingsTable } from '../db/schema.ts';
import { nowIso } from '../lib/ids.ts';

export type MeetingRow = MeetingsTable;

/**
 * What the updates below may change: everything but the lifecycle's states, which only
 * services/meeting-lifecycle.ts writes (through `moveLifecycle`, decision 215).
 */
export type MeetingChanges = Partial<
  Omit<MeetingRow, 'recording_state' | 'transcription_status' | 'recording_finished_by'>
>;

/**
 * A meeting being written (an import) or removed (hidden_since set, docs/decisions/191) is seen by no
 * user read: every read that finds a user's meetings, or joins them, has `.where(...VISIBLE_MEETING)`.
 */
export const VISIBLE_MEETING = ['meetings.hidden_since', 'is', null] as const;

const meetingsOf = (db: Db) => db.selectFrom('meetings').where(...VISIBLE_MEETING);

/** Every meeting of a project, hidden ones too, with its recording's key; oldest first. */
const projectMeetingKeys = (trx: Db, userId: string, projectId: string) =>
  trx
    .selectFrom('meetings')
    .select(['id', 'audio_key'])
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export function meetingsRepository(db: Db) {
  return {
    async insert(trx: Db, row: MeetingRow): Promise<void> {
      await trx.insertInto('meetings').values(row).execute();
    },

    findForUser: (userId: string, id: string) =>
      meetingsOf(db).selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    /** By id alone (the worker acts for the owner); pass `trx` to read inside a transaction. */
    findById: (id: string, trx: Db = db) =>
      trx.selectFrom('meetings').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Inside the worker's write transaction: a meeting deleted meanwhile gets no segments. */
    exists: async (trx: Db, id: string) =>
      (await trx.selectFrom('meetings').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,

    /** Inside the worker's write transaction: the meeting is still there with the audio the job read. */
    sameAudio: async (trx: Db, id: string, audioSize: number | null) => {
      const row = await trx
        .selectFrom('meetings')
        .select(['audio_size', 'recording_state'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined && !row.recording_state && Number(row.audio_size) === Number(audioSize);
    },

    listForProject: (userId: string, projectId: string) =>
      meetingsOf(db)
        .selectAll()
        .where('user_id', '=', userId)
        .where('project_id', '=', projectId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute(),

    /** Every meeting of the user, newest first, with what a search shows of it. */
    titlesForUser: (userId: string) =>
      meetingsOf(db)
        .select(['id', 'title', 'project_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute(),

    /** The newest meetings of every project the user is a member of, shared ones too (decision 220). */
    listRecent: (userId: string, limit: number) =>
      meetingsOf(db)
        .selectAll('meetings')
        .where('meetings.project_id', 'in', (eb) =>
          eb.selectFrom('project_members').select('project_id').where('user_id', '=', userId),
        )
        .orderBy('meetings.created_at', 'desc')
        .orderBy('meetings.id')
        .limit(limit)
        .execute(),

    async update(userId: string, id: string, changes: MeetingChanges): Promise<boolean> {
      const result = await db
        .updateTable('meetings')
        .set({ ...changes, updated_at: nowIso() })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Used by the worker, which acts for the meeting's owner. */
    async updateById(trx: Db, id: string, changes: MeetingChanges): Promise<boolean> {
      const result = await trx
        .updateTable('meetings')
        .set({ ...changes, updated_at: nowIso() })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Marks a recording's chunk as just arrived, if the meeting still takes chunks (visible, and recording
     * or finished by the server while its browser was away: the recordings service's `acceptsChunks`,
     * decided here under the lock); the row as it then is, or undefined. The row
     * stays locked until `trx` ends (PostgreSQL; SQLite writes one transaction at a time), so one
     * recording's chunks, and its finishing, are written one after another.
     */
    touchRecording: (trx: Db, id: string): Promise<MeetingRow | undefined> =>
      trx
        .updateTable('meetings')
        .set({ recording_last_chunk_at: nowIso() })
        .where('id', '=', id)
        .where(...VISIBLE_MEETING)
        .where((eb) => eb.or([eb('recording_state', '=', 'recording'), eb('recording_finished_by', '=', 'idle')]))
        .returningAll()
        .executeTakeFirst(),

    /**
     * A move of the meeting's lifecycle (services/meeting-lifecycle.ts), written only while the row is in
     * one of the states it starts `from` (null among the recording states: no recording): whether it was.
     * Waits for a chunk being written (the row's lock, `touchRecording`).
     */
    async moveLifecycle(
      trx: Db,
      id: string,
      from: { recording?: readonly (string | null)[]; transcription?: readonly string[] },
      changes: Partial<MeetingRow>,
    ): Promise<boolean> {
      const { recording, transcription } = from;
      const states = recording?.filter((state) => state !== null) ?? [];
      const result = await trx
        .updateTable('meetings')
        .set({ ...changes, updated_at: nowIso() })
        .where('id', '=', id)
        .$if(recording !== undefined, (q) =>
          q.where((eb) =>
            eb.or([
              ...(states.length > 0 ? [eb('recording_state', 'in', states)] : []),
              ...(recording!.includes(null) ? [eb('recording_state', 'is', null)] : []),
            ]),
          ),
        )
        .$if(transcription !== undefined, (q) => q.where('transcription_status', 'in', transcription!))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Meetings of a project recorded before `cutoff` whose recording is still kept and no longer needed. */
    recordingsOlderThan: (projectId: string, cutoff: string) =>
      meetingsOf(db)
        .select(['id', 'user_id', 'audio_key'])
        .where('project_id', '=', projectId)
        .where('audio_key', 'is not', null)
        .where('created_at', '<', cutoff)
        .where('transcription_status', 'in', ['completed', 'failed'])
        .execute(),

    /**
     * Forgets a meeting's recording (the file is deleted after): true when this call took it, so two
     * callers racing never both report it.
     */
    async forgetRecording(userId: string, id: string, audioKey: string): Promise<boolean> {
      const now = nowIso();
      const result = await db
        .updateTable('meetings')
        .set({
          audio_key: null,
          audio_mime: null,
          audio_size: null,
          audio_name: null,
          audio_deleted_at: now,
          updated_at: now,
        })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where('audio_key', '=', audioKey)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Ends an import: the meeting becomes visible. False when it is gone (its project deleted, or swept). */
    async finishImport(trx: Db, userId: string, id: string): Promise<boolean> {
      const result = await trx
        .updateTable('meetings')
        .set({ hidden_since: null, updated_at: nowIso() })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where('hidden_since', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Hides a visible meeting before it is removed row by row; false when there is none to hide. */
    async hide(trx: Db, userId: string, id: string): Promise<boolean> {
      const result = await trx
        .updateTable('meetings')
        .set({ hidden_since: nowIso() })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where(...VISIBLE_MEETING)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Meetings hidden before `before` and still there (an import or a removal its process never finished). */
    hiddenBefore: (before: string) =>
      db
        .selectFrom('meetings')
        .select(['id', 'user_id', 'audio_key'])
        .where('hidden_since', 'is not', null)
        .where('hidden_since', '<', before)
        .execute(),

    /** Removes a hidden meeting's row (never a visible one); its segments and items should be gone first. */
    async deleteHidden(userId: string, id: string): Promise<void> {
      await db
        .deleteFrom('meetings')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where('hidden_since', 'is not', null)
        .execute();
    },

    /**
     * Hides every visible meeting of a project before the project is removed; answers all its meetings,
     * those hidden before too (an import or a removal under way), to be removed row by row.
     */
    async hideForProject(trx: Db, userId: string, projectId: string) {
      await trx
        .updateTable('meetings')
        .set({ hidden_since: nowIso() })
        .where('user_id', '=', userId)
        .where('project_id', '=', projectId)
        .where(...VISIBLE_MEETING)
        .execute();
      return projectMeetingKeys(trx, userId, projectId);
    },
  };
}
