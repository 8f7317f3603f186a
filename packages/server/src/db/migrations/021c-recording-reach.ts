import type { Kysely } from 'kysely';

// Issue 21 (docs/decisions/193): a recording's chunks are checked against the limits as they come,
// MP4 (Safari) as well as WebM:
// - recording_reached_ms: how far into the recording its accepted chunks reach, so a user's other open
//   recordings count against the minutes left too;
// - recording_timescale: an MP4 recording's ticks a second, stated only in its first chunk's `moov`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('meetings').addColumn('recording_reached_ms', 'integer').execute();
  await db.schema.alterTable('meetings').addColumn('recording_timescale', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('meetings').dropColumn('recording_timescale').execute();
  await db.schema.alterTable('meetings').dropColumn('recording_reached_ms').execute();
}
