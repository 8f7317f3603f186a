import { type Kysely, sql } from 'kysely';

// The live transcript of a call hears each side on its own (decision 250): a live segment says which side
// (0 the microphone, 1 the call's tab; 0 for a recording that is one mix), in the key, since both sides
// may start a phrase in the same millisecond; and each side has its own final point. A primary key
// cannot change in place on SQLite, so the table is copied into one with the new key; its rows (a
// recording under way) keep going as side 0.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_segments_sided')
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('side', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_ms', 'integer', (c) => c.notNull())
    .addColumn('end_ms', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('final', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_segments_side_pk', ['meeting_id', 'side', 'start_ms'])
    .execute();
  await sql`insert into live_segments_sided (meeting_id, user_id, side, start_ms, end_ms, text, final)
    select meeting_id, user_id, 0, start_ms, end_ms, text, final from live_segments`.execute(db);
  await db.schema.dropTable('live_segments').execute();
  await db.schema.alterTable('live_segments_sided').renameTo('live_segments').execute();
  await db.schema.createIndex('live_segments_user').on('live_segments').column('user_id').execute();
  // Side 1's final point for a call (final_ms is side 0's, or the mix's); null for every other recording.
  await db.schema.alterTable('live_progress').addColumn('side1_final_ms', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('live_progress').dropColumn('side1_final_ms').execute();
  await db.schema
    .createTable('live_segments_mixed')
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('start_ms', 'integer', (c) => c.notNull())
    .addColumn('end_ms', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('final', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_segments_pk', ['meeting_id', 'start_ms'])
    .execute();
  // side 1's words go: a draft the recording's transcription replaces anyway
  await sql`insert into live_segments_mixed (meeting_id, user_id, start_ms, end_ms, text, final)
    select meeting_id, user_id, start_ms, end_ms, text, final from live_segments where side = 0`.execute(db);
  await db.schema.dropTable('live_segments').execute();
  await db.schema.alterTable('live_segments_mixed').renameTo('live_segments').execute();
  await db.schema.createIndex('live_segments_user').on('live_segments').column('user_id').execute();
}
