import type { Kysely } from 'kysely';

// jobs.run_again (docs/decisions/151-catch-up-jobs.md): set when a catch-up job (the live transcript)
// is enqueued while its key's job runs. The running job may already have looked for new chunks, so
// instead of finishing it goes back to the queue and runs once more.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('run_again', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('run_again').execute();
}
