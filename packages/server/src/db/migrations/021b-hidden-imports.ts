import type { Kysely } from 'kysely';

// Issue 21 (docs/decisions/191): a transcript import writes its meeting in many short transactions, so no
// single COMMIT holds the event loop. Until its last transaction the meeting carries the time its import
// began and is invisible to every read; a crash leaves it invisible and the worker's sweep removes it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('meetings').addColumn('import_started_at', 'text').execute();
  // The sweep looks only for the (few, usually none) meetings still being imported.
  await db.schema.createIndex('meetings_importing').on('meetings').column('import_started_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('meetings_importing').execute();
  await db.schema.alterTable('meetings').dropColumn('import_started_at').execute();
}
