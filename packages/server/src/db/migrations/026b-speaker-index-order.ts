import { type Kysely, sql } from 'kysely';

// 026's index led with user_id: SQLite (no statistics) then took it for any `user_id = ?` on
// transcriptions, over the primary key, and read all of a user's segments to find a page of 20 by id
// (~3 s at 1,000,000 segments, every search). Led by the label, it serves only the label lookup.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index transcriptions_user_speaker`.execute(db);
  await sql`create index transcriptions_speaker_user on transcriptions (lower(speaker), user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index transcriptions_speaker_user`.execute(db);
  await sql`create index transcriptions_user_speaker on transcriptions (user_id, lower(speaker))`.execute(db);
}
