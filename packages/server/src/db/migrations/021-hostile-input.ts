import type { Kysely } from 'kysely';

// Issue 21 (docs/decisions/105, 106):
// - revoked_sessions: the session ids signed out with POST /auth/logout, kept until the token would
//   have expired anyway;
// - sign_in_codes: one-time codes that carry a sign-in to the web app's landing, each bound to the
//   browser that started the flow (only hashes are stored);
// - jobs.turn: the fair queue's turn (issue 21, finding 4; decision 107), set at enqueue from the user's
//   waiting or running jobs; lower turns run first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('revoked_sessions')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revoked_sessions_expiry').on('revoked_sessions').column('expires_at').execute();

  await db.schema
    .createTable('sign_in_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('jobs')
    .addColumn('turn', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('turn').execute();
  await db.schema.dropTable('sign_in_codes').execute();
  await db.schema.dropTable('revoked_sessions').execute();
}
