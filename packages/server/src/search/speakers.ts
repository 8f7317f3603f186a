import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { inScope, type SearchCandidate, type SearchScope } from './store.ts';
import type { TextMatcher } from './word-match.ts';

// People and speaker labels are searchable (decision 162): a query that names one of the user's people
// (every query word in their name) or is a speaker label finds that person's or label's segments. The
// same SQL on both databases: people are few per user, labels are compared by the index of migration
// 026-speaker-search (led by the label since 026b: led by user_id, SQLite took it over primary keys).

/** The user's people whose name holds every word of the query, as the matcher reads them. */
export async function peopleNamed(db: Db, userId: string, match: TextMatcher, limit: number) {
  const people = await db
    .selectFrom('people')
    .select(['id', 'name', 'company'])
    .where('user_id', '=', userId)
    .orderBy('name')
    .execute();
  return people.filter((p) => match(p.name).allTermsMatched).slice(0, limit);
}

/**
 * The scope's segments of these people or of this speaker label (lower-case), at most `limit`: in a
 * meeting in time order, elsewhere as the index gives them (a name is not ranked by its words). Inside a
 * meeting the label is looked up by the meeting's own index (migration 029): the meeting's other segments
 * are not read.
 */
export function speakerSegmentsQuery(
  scope: SearchScope,
  who: { personIds: string[]; label: string },
  limit: number,
): RawBuilder<SearchCandidate> {
  const inMeeting = 'meetingId' in scope;
  // Each condition alone, so each is served by its index ((meeting_id, lower(speaker)) or (lower(speaker),
  // user_id), and person_id): joined by `or`, the planners read every segment of the scope.
  const bySpeaker = (condition: RawBuilder<unknown>) =>
    sql<SearchCandidate>`select t.id, t.meeting_id as "meetingId", t.start_ms from transcriptions t
      where ${inScope(scope)} and ${condition}`;
  const label = bySpeaker(sql`lower(t.speaker) = ${who.label}`);
  const union =
    who.personIds.length > 0
      ? sql`${label} union ${bySpeaker(sql`t.person_id in (${sql.join(who.personIds)})`)}`
      : label;
  return sql<SearchCandidate>`select id, "meetingId" from (${union}) s
    ${inMeeting ? sql`order by start_ms, id` : sql``} limit ${limit}`;
}

export async function segmentsOfSpeakers(
  db: Db,
  scope: SearchScope,
  who: { personIds: string[]; label: string },
  limit: number,
): Promise<SearchCandidate[]> {
  return (await speakerSegmentsQuery(scope, who, limit).execute(db)).rows;
}
