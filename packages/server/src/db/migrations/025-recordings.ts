import type { Kysely } from 'kysely';

// Recording in chunks with a live transcript (docs/decisions/150-chunked-recording.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  // recording | finishing while chunks arrive or are being put together; null for every other meeting.
  await db.schema.alterTable('meetings').addColumn('recording_state', 'text').execute();
  await db.schema.alterTable('meetings').addColumn('recording_mime', 'text').execute();
  // When the last chunk arrived: the worker finishes a recording that has been silent for RECORDING_IDLE_MINUTES.
  await db.schema.alterTable('meetings').addColumn('recording_last_chunk_at', 'text').execute();
  // user (Stop: later chunks are refused) | idle (finished by the server: a chunk still waiting in the
  // browser reopens it, so nothing recorded is lost).
  await db.schema.alterTable('meetings').addColumn('recording_finished_by', 'text').execute();
  await db.schema.createIndex('meetings_recording_state').on('meetings').column('recording_state').execute();

  // One row per chunk received; storing the same number again replaces it (a resend is harmless).
  await db.schema
    .createTable('recording_chunks')
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('recording_chunks_pk', ['meeting_id', 'seq'])
    .execute();
  await db.schema.createIndex('recording_chunks_user').on('recording_chunks').column('user_id').execute();

  // The live transcript of a recording under way, one row per recogniser piece; replaced by the
  // meeting's transcription when the recording is finished (and then deleted).
  await db.schema
    .createTable('live_segments')
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('start_ms', 'integer', (c) => c.notNull())
    .addColumn('end_ms', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('final', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_segments_pk', ['meeting_id', 'start_ms'])
    .execute();
  await db.schema.createIndex('live_segments_user').on('live_segments').column('user_id').execute();

  // How far the live pass got: audio received (decoded) and audio whose words are final.
  await db.schema
    .createTable('live_progress')
    .addColumn('meeting_id', 'text', (c) => c.primaryKey().references('meetings.id').onDelete('cascade'))
    .addColumn('received_ms', 'integer', (c) => c.notNull())
    .addColumn('final_ms', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_progress').ifExists().execute();
  await db.schema.dropTable('live_segments').ifExists().execute();
  await db.schema.dropTable('recording_chunks').ifExists().execute();
  await db.schema.dropIndex('meetings_recording_state').ifExists().execute();
  for (const column of ['recording_state', 'recording_mime', 'recording_last_chunk_at', 'recording_finished_by']) {
    await db.schema.alterTable('meetings').dropColumn(column).execute();
  }
}
