import { type Kysely, sql } from 'kysely';

// A search inside a meeting also finds the segments of a speaker label the query names (decision 162).
// The label index (026b) is led by the label, then the user: SQLite took the meeting's index instead and
// lowered the label of every segment of the meeting (20,000 rows, 5–30 ms of main thread a search in a
// 20,000-segment meeting, issue 36). Led by the meeting, then the label, in time order: the lookup reads
// the label's segments of that meeting alone, already in the order the search lists them.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index transcriptions_meeting_speaker on transcriptions (meeting_id, lower(speaker), start_ms)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index transcriptions_meeting_speaker`.execute(db);
}
