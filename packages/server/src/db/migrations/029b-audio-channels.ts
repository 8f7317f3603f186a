import type { Kysely } from 'kysely';

// How many channels the meeting's recording has, read when it is transcribed (decision 271): a file of
// more than two is heard as one mix, and the meeting says so. Null before this, or not transcribed yet.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('meetings').addColumn('audio_channels', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('meetings').dropColumn('audio_channels').execute();
}
