import type { Db } from '../db/database.ts';
import { nowIso } from '../lib/ids.ts';

/**
 * The tables whose rows of a meeting are kept under its project's holder (decision 220), besides the
 * meeting's own row. Voice samples stay where they are: they are the old holder's contacts' voices.
 */
const MEETING_TABLES = [
  'transcriptions',
  'action_items',
  'meeting_shares',
  'segment_embeddings',
  'segment_voices',
  'speaker_suggestion_dismissals',
  'recording_chunks',
  'live_segments',
] as const;

/**
 * Moves one meeting, and every row kept under its holder, to another holder's project (an editor moving
 * it between projects created by different accounts, issue 37), in the caller's transaction, so it is in
 * one project or the other, never half in each. Answers false when the meeting is not `from`'s any more,
 * or is being worked on: recorded, transcribed, summarised or its action items generated (the service
 * checked; checked again here, in the statement that moves it).
 */
export async function moveMeetingToHolder(
  trx: Db,
  meetingId: string,
  move: { from: string; to: string; projectId: string },
): Promise<boolean> {
  const moved = await trx
    .updateTable('meetings')
    .set({ user_id: move.to, project_id: move.projectId, updated_at: nowIso() })
    .where('id', '=', meetingId)
    .where('user_id', '=', move.from)
    .where('transcription_status', 'not in', ['pending', 'processing'])
    .where((eb) => eb.or([eb('recording_state', 'is', null), eb('recording_state', '!=', 'recording')]))
    // action items being generated would be written under the old holder, out of sight
    .where('action_items_status', '!=', 'processing')
    .where((eb) => eb.or([eb('summary_lease_until', 'is', null), eb('summary_lease_until', '<', nowIso())]))
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return false;
  for (const table of MEETING_TABLES) {
    await trx
      .updateTable(table)
      .set({ user_id: move.to })
      .where('meeting_id', '=', meetingId)
      .where('user_id', '=', move.from)
      .execute();
  }
  return true;
}

/** The text of every segment of one meeting of `userId`'s (for the words its new holder's vocabulary takes). */
export async function segmentTexts(db: Db, userId: string, meetingId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('transcriptions')
    .select('text')
    .where('user_id', '=', userId)
    .where('meeting_id', '=', meetingId)
    .execute();
  return rows.map((r) => r.text);
}
