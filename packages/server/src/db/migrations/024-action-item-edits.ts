import type { Kysely } from 'kysely';

// When the user last changed a generated action item (docs/decisions/141): regenerating keeps such items.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('action_items').addColumn('edited_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('action_items').dropColumn('edited_at').execute();
}
