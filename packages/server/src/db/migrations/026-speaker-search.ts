import { type Kysely, sql } from 'kysely';

// A speaker label is searchable (decision 162): the query's words are compared with a segment's label,
// lower-cased, among the user's segments. The same statement on SQLite and PostgreSQL.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index transcriptions_user_speaker on transcriptions (user_id, lower(speaker))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index transcriptions_user_speaker`.execute(db);
}
