import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, MeetingsTable, RecordingChunksTable } from '../db/schema.ts';
import { nowIso } from '../lib/ids.ts';

export type RecordingChunkRow = RecordingChunksTable;

export interface LivePiece {
  /** A call's side (0 the microphone, 1 the tab); 0 for a recording heard as one mix (decision 250). */
  side: number;
  startMs: number;
  endMs: number;
  text: string;
  final: boolean;
}

/** One side's part of a live pass (a mix has one side, 0). */
export interface LiveSidePass {
  /** Its pieces from here on replace the last pass's (the unfinished phrase goes, its final words come). */
  fromMs: number;
  pieces: Array<Omit<LivePiece, 'side'>>;
  /** The side's audio up to here has final words. */
  finalMs: number;
}

/**
 * A recording the idle sweep finished (decision 150) and that was put together (its audio stored, or
 * deleted by its owner since: either way not these chunks' only copy), visible, whose last chunk came
 * before `before` (null: whenever): its kept chunks may go (decision 263). A recording being finished or
 * whose putting together failed is none of these: `recording_state` is null only once the audio is
 * stored, and a failure removes the chunks in the move that records it (decision 201).
 */
const keptBefore = (before: string | null) => (eb: ExpressionBuilder<Database, 'meetings'>) =>
  eb.and([
    eb('recording_state', 'is', null),
    eb('recording_finished_by', '=', 'idle'),
    ...(before === null ? [] : [eb('recording_last_chunk_at', '<', before)]),
    eb('hidden_since', 'is', null),
    eb.or([eb('audio_key', 'is not', null), eb('audio_deleted_at', 'is not', null)]),
  ]);

/** Writes `changes` to the meeting only while `condition` holds for its row (a compare-and-set): whether it did. */
async function setIf(
  trx: Db,
  meetingId: string,
  changes: Partial<MeetingsTable>,
  condition: (eb: ExpressionBuilder<Database, 'meetings'>) => Expression<SqlBool>,
): Promise<boolean> {
  const result = await trx
    .updateTable('meetings')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', meetingId)
    .where(condition)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Chunks of recordings under way and their live transcript (docs/decisions/150-chunked-recording.md). */
export function recordingsRepository(db: Db) {
  return {
    /** Stores a chunk's row; the same number again replaces it, so a resend is harmless. */
    async putChunk(trx: Db, row: Omit<RecordingChunkRow, 'created_at'>): Promise<void> {
      const created_at = nowIso();
      await trx
        .insertInto('recording_chunks')
        .values({ ...row, created_at })
        .onConflict((oc) =>
          oc.columns(['meeting_id', 'seq']).doUpdateSet({ storage_key: row.storage_key, size: row.size, created_at }),
        )
        .execute();
    },

    /** Bytes a recording's chunks hold, but for chunk `exceptSeq` (about to be replaced). */
    async heldBytes(meetingId: string, exceptSeq: number, trx: Db = db): Promise<number> {
      const row = await trx
        .selectFrom('recording_chunks')
        .select(sql<number>`coalesce(sum(size), 0)`.as('bytes'))
        .where('meeting_id', '=', meetingId)
        .where('seq', '!=', exceptSeq)
        .executeTakeFirstOrThrow();
      return Number(row.bytes);
    },

    /**
     * Milliseconds the recorder's other recordings under way (recording, or being put together) have
     * reached that usage does not count yet: what a recording that goes on is checked against beside its
     * own (decision 193). They are the ones on the recorder's meter, in whichever project (decision 220:
     * `created_by`; a row from before it has only its holder). A recording finished once while its browser
     * was away counts its length already.
     */
    async uncountedElsewhere(recorderId: string, exceptMeetingId?: string): Promise<number> {
      const row = await db
        .selectFrom('meetings')
        .select(
          sql<number>`coalesce(sum(case when recording_reached_ms > duration_ms
            then recording_reached_ms - duration_ms else 0 end), 0)`.as('ms'),
        )
        .where('recording_state', 'in', ['recording', 'finishing'])
        .where((eb) => eb(eb.fn.coalesce('created_by', 'user_id'), '=', recorderId))
        .$if(exceptMeetingId !== undefined, (q) => q.where('id', '!=', exceptMeetingId!))
        .executeTakeFirstOrThrow();
      return Number(row.ms);
    },

    findChunk: (meetingId: string, seq: number, trx: Db = db) =>
      trx
        .selectFrom('recording_chunks')
        .selectAll()
        .where('meeting_id', '=', meetingId)
        .where('seq', '=', seq)
        .executeTakeFirst(),

    chunks: (meetingId: string, trx: Db = db) =>
      trx.selectFrom('recording_chunks').selectAll().where('meeting_id', '=', meetingId).orderBy('seq').execute(),

    async countChunks(trx: Db, meetingId: string): Promise<number> {
      const row = await trx
        .selectFrom('recording_chunks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('meeting_id', '=', meetingId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    deleteChunkRows: (trx: Db, meetingId: string) =>
      trx.deleteFrom('recording_chunks').where('meeting_id', '=', meetingId).execute(),

    /** Recordings whose last chunk is older than `before` (the browser has gone): the worker finishes them. */
    idleRecordings: (before: string) =>
      db
        .selectFrom('meetings')
        .select(['id', 'user_id'])
        .where('recording_state', '=', 'recording')
        .where('recording_last_chunk_at', '<', before)
        .execute(),

    /**
     * Takes an idle recording for finishing (the lifecycle's `idle` move, services/meeting-lifecycle.ts,
     * its only caller); false when a chunk came meanwhile or another worker took it.
     */
    async markIdleFinishing(
      trx: Db,
      meetingId: string,
      before: string,
      from: readonly string[],
      changes: Partial<MeetingsTable>,
    ): Promise<boolean> {
      return setIf(trx, meetingId, changes, (eb) =>
        eb.and([eb('recording_state', 'in', from), eb('recording_last_chunk_at', '<', before)]),
      );
    },

    /**
     * Recordings the idle sweep finished and that were put together, still keeping their chunks for a
     * browser that may come back, whose last chunk came before `before` (decision 263). Read from the
     * chunks, which only recordings under way or kept have.
     */
    keptBefore: (before: string) =>
      db
        .selectFrom('meetings')
        .select(['id', 'user_id'])
        .where('id', 'in', (eb) => eb.selectFrom('recording_chunks').select('meeting_id'))
        .where(keptBefore(before))
        .execute(),

    /**
     * Closes a kept recording (the lifecycle's `closed` move, services/meeting-lifecycle.ts, its only
     * caller): written only while it is still kept and its last chunk came before `before` (when given),
     * so a chunk written first (it reopens the recording and renews the time) or the user's Stop wins, and
     * a chunk written after finds it closed.
     */
    markClosed: (trx: Db, meetingId: string, before: string | null, changes: Partial<MeetingsTable>) =>
      setIf(trx, meetingId, changes, keptBefore(before)),

    /** The meeting's recording state as this transaction sees it (a late chunk may have reopened it). */
    recordingStateIn: (trx: Db, meetingId: string) =>
      trx
        .selectFrom('meetings')
        .select(['recording_state', 'duration_ms'])
        .where('id', '=', meetingId)
        .executeTakeFirst(),

    liveProgress: (meetingId: string) =>
      db.selectFrom('live_progress').selectAll().where('meeting_id', '=', meetingId).executeTakeFirst(),

    livePieces: async (meetingId: string): Promise<LivePiece[]> =>
      (
        await db
          .selectFrom('live_segments')
          .selectAll()
          .where('meeting_id', '=', meetingId)
          .orderBy('start_ms')
          .orderBy('side')
          .execute()
      ).map((r) => ({
        side: Number(r.side),
        startMs: r.start_ms,
        endMs: r.end_ms,
        text: r.text,
        final: Number(r.final) === 1,
      })),

    /** Where each side's next live pass starts (side 1 only in a call). */
    liveFinalMs: async (meetingId: string): Promise<[number, number]> => {
      const row = await db
        .selectFrom('live_progress')
        .select(['final_ms', 'side1_final_ms'])
        .where('meeting_id', '=', meetingId)
        .executeTakeFirst();
      return [Number(row?.final_ms ?? 0), Number(row?.side1_final_ms ?? 0)];
    },

    /**
     * Records one live pass: each side's pieces from its `fromMs` on are replaced, with how much audio
     * was received and how much of each side is final. `sides[i]` is side i: one for a mix, two for a call.
     */
    async saveLivePass(
      meetingId: string,
      userId: string,
      pass: { sides: LiveSidePass[]; receivedMs: number },
    ): Promise<void> {
      const updated_at = nowIso();
      const progress = {
        received_ms: pass.receivedMs,
        final_ms: pass.sides[0]?.finalMs ?? 0,
        side1_final_ms: pass.sides[1]?.finalMs ?? null,
        updated_at,
      };
      await db.transaction().execute(async (trx) => {
        for (const [side, { fromMs, pieces }] of pass.sides.entries()) {
          await trx
            .deleteFrom('live_segments')
            .where('meeting_id', '=', meetingId)
            .where('side', '=', side)
            .where('start_ms', '>=', fromMs)
            .execute();
          const rows = pieces
            .filter((p) => p.text.trim() !== '')
            .map((p) => ({
              meeting_id: meetingId,
              user_id: userId,
              side,
              start_ms: Math.round(p.startMs),
              end_ms: Math.round(p.endMs),
              text: p.text,
              final: p.final ? 1 : 0,
            }));
          if (rows.length) await trx.insertInto('live_segments').values(rows).execute();
        }
        await trx
          .insertInto('live_progress')
          .values({ meeting_id: meetingId, ...progress })
          .onConflict((oc) => oc.column('meeting_id').doUpdateSet(progress))
          .execute();
      });
    },

    async deleteLive(trx: Db, meetingId: string): Promise<void> {
      await trx.deleteFrom('live_segments').where('meeting_id', '=', meetingId).execute();
      await trx.deleteFrom('live_progress').where('meeting_id', '=', meetingId).execute();
    },
  };
}
