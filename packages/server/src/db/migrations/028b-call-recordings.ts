import type { Kysely } from 'kysely';

// A recording made in Parley of a call (decision 241): the microphone on the left channel, the call's
// browser tab on the right. The transcription hears it side by side and names the microphone's side
// after the person recording.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('meetings').addColumn('recording_source', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('meetings').dropColumn('recording_source').execute();
}
