import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { stemOf } from '../lib/words/stems.ts';
import { inScope, type SearchCandidate, type SearchScope } from './store.ts';
import { PREFIX_MIN_LENGTH, type Reading, type TextMatcher } from './word-match.ts';

// People and speaker labels are searchable (decision 162): a query that names a person (every query word
// in their name) or is a speaker label finds that person's or label's segments. The same SQL on both
// databases: names are matched in SQL by their stored words (decision 291: a caller may share projects
// with thousands, whose contacts are not read to be filtered here), labels are compared by the index of
// migration 026-speaker-search (led by the label since 026b: led by user_id, SQLite took it over primary keys).

/**
 * Whose contacts a speaker in the scope may be linked to (decision 266): the members' of its project, or
 * everywhere of every project the caller is a member of, the caller's own always. The segments found are
 * the scope's only, so a contact of someone else's that no segment in it is linked to finds nothing.
 */
function contactOwners(scope: SearchScope): RawBuilder<string> | null {
  if ('meetingId' in scope)
    return sql`select pm.user_id from project_members pm join meetings m on m.project_id = pm.project_id
      where m.id = ${scope.meetingId} and m.user_id = ${scope.userId}`;
  if ('projectId' in scope)
    return sql`select pm.user_id from project_members pm where pm.project_id = ${scope.projectId}`;
  if ('personId' in scope) return null;
  return sql`select other.user_id from project_members pm
    join project_members other on other.project_id = pm.project_id where pm.user_id = ${scope.userId}`;
}

/** People whose name holds every word of the query, as the matcher reads them: the caller's own. */
export const peopleNamed = (db: Db, userId: string, match: TextMatcher, limit: number) =>
  namedAmong(db, null, userId, match, limit);

/** The same among every contact a speaker in the scope may be linked to (theirs first, then the others'). */
export const speakersNamed = (db: Db, scope: SearchScope, match: TextMatcher, limit: number) =>
  namedAmong(db, contactOwners(scope), scope.userId, match, limit);

/**
 * A name holds every reading's word (decision 291), as `matchesReading` judges a word of it: one of its
 * stems is the word's or an alternative's, or, for a word read as a prefix, one of its words starts with
 * it. Asked of the stored words and stems (lib/words/name-words.ts); query words are letters and digits
 * only, so they carry no LIKE wildcard. No reading: every name (as every name "matches" no word).
 */
function nameMatches(readings: Reading[]): RawBuilder<boolean> {
  const each = readings.map(({ term, prefix, others }) => {
    const stems = [...new Set([term, ...others].map(stemOf))];
    const either = stems.map((stem) => sql<boolean>`name_stems like ${`% ${stem} %`}`);
    if (prefix && term.length >= PREFIX_MIN_LENGTH) either.push(sql<boolean>`name_words like ${`% ${term}%`}`);
    return sql<boolean>`(${sql.join(either, sql` or `)})`;
  });
  return each.length > 0 ? sql<boolean>`(${sql.join(each, sql` and `)})` : sql<boolean>`1 = 1`;
}

/** The first `limit` matching names, the caller's own before the others', each by name: filtered and cut in SQL. */
function namedAmong(db: Db, owners: RawBuilder<string> | null, first: string, match: TextMatcher, limit: number) {
  return db
    .selectFrom('people')
    .select(['id', 'name', 'company'])
    .where(owners ? sql<boolean>`(user_id = ${first} or user_id in (${owners}))` : sql<boolean>`user_id = ${first}`)
    .where(nameMatches(match.readings))
    .orderBy(sql`case when user_id = ${first} then 0 else 1 end`)
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute();
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
