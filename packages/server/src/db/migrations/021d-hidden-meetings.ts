import type { Kysely } from 'kysely';

// Issue 21 (docs/decisions/191): a meeting is hidden while it is written (an import) and while it is
// removed (a delete, row by row), not only while imported: the column of 021b gets the name it means.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('meetings').renameColumn('import_started_at', 'hidden_since').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('meetings').renameColumn('hidden_since', 'import_started_at').execute();
}
