import type { Kysely } from 'kysely';

// AI notes: the action items of a meeting, and the summary's metadata and cross-process generation lease.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('action_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('task', 'text', (c) => c.notNull())
    .addColumn('context', 'text')
    .addColumn('context_start_ms', 'bigint')
    .addColumn('assignee', 'text')
    .addColumn('person_id', 'text', (c) => c.references('people.id').onDelete('set null'))
    .addColumn('due_date', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('generated'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('action_items_meeting_position')
    .on('action_items')
    .columns(['meeting_id', 'position'])
    .execute();

  // A summary stream is produced by whichever API process received the request; the lease in the row makes
  // "one generation per meeting" hold across processes (docs/decisions/051-summary-lease.md).
  await db.schema.alterTable('meetings').addColumn('summary_lease_id', 'text').execute();
  await db.schema.alterTable('meetings').addColumn('summary_lease_until', 'text').execute();
  await db.schema.alterTable('meetings').addColumn('summary_generated_at', 'text').execute();
  await db.schema.alterTable('meetings').addColumn('summary_engine', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('action_items').ifExists().execute();
  for (const column of ['summary_lease_id', 'summary_lease_until', 'summary_generated_at', 'summary_engine']) {
    await db.schema.alterTable('meetings').dropColumn(column).execute();
  }
}
