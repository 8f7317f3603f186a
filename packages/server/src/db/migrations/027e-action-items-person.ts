import { type Kysely, sql } from 'kysely';

// Deleting a person clears their links 100 rows a statement (repositories/short-statements.ts). Segments
// have an index on person_id (001); action items had none, so every such statement, and the foreign
// key's own `set null`, read every user's action items.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index action_items_person on action_items (person_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index action_items_person`.execute(db);
}
