import type { Kysely } from 'kysely';

// Retention (docs/decisions/173): a project may delete its recordings after N days; a meeting remembers
// when its recording went, the transcript and notes staying.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('audio_retention_days', 'integer').execute();
  await db.schema.alterTable('meetings').addColumn('audio_deleted_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('meetings').dropColumn('audio_deleted_at').execute();
  await db.schema.alterTable('projects').dropColumn('audio_retention_days').execute();
}
