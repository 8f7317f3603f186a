import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, PeopleTable } from '../db/schema.ts';
import { newId, nowIso } from '../lib/ids.ts';
import { nameWords } from '../lib/words/name-words.ts';
import { unlinkPersonRows } from './short-statements.ts';

export type PersonRow = PeopleTable;
/** What a caller sets; the name's words and stems follow the name (lib/words/name-words.ts, decision 291). */
export type PersonFields = Omit<
  PersonRow,
  'id' | 'user_id' | 'name_words' | 'name_stems' | 'created_at' | 'updated_at'
>;

/** Where a speaker or an action item of a project may be linked (decision 266): who asks, in which project. */
export interface LinkPlace {
  callerId: string;
  /** The project's holder: its rows are kept under this account (decision 220). */
  holderId: string;
  projectId: string;
}

/**
 * The people `place.callerId` may link there: their own, and the contacts of the project's members (its
 * holder's among them) that one of its segments or action items is linked to already. Each probe goes
 * by the person_id indexes of both tables.
 */
function linkableIn({ callerId, holderId, projectId }: LinkPlace) {
  return (eb: ExpressionBuilder<Database, 'people'>) => {
    const projectMeetings = eb
      .selectFrom('meetings')
      .select('meetings.id')
      .where('meetings.project_id', '=', projectId)
      .where('meetings.user_id', '=', holderId);
    const linkedFrom = (table: 'transcriptions' | 'action_items') =>
      sql<SqlBool>`exists (select 1 from ${sql.table(table)} linked where linked.person_id = people.id
        and linked.user_id = ${holderId} and linked.meeting_id in (${projectMeetings}))`;
    const members = eb
      .selectFrom('project_members')
      .select('project_members.user_id')
      .where('project_members.project_id', '=', projectId);
    return eb.or([
      eb('people.user_id', '=', callerId),
      eb.and([
        eb.or([eb('people.user_id', '=', holderId), eb('people.user_id', 'in', members)]),
        eb.or([linkedFrom('transcriptions'), linkedFrom('action_items')]),
      ]),
    ]);
  };
}

export function peopleRepository(db: Db) {
  return {
    /** What a project's speaker picker offers (decision 266), by name; bounded like a contact book. */
    linkable: (place: LinkPlace, limit: number) =>
      db
        .selectFrom('people')
        .select(['id', 'name', 'company', 'user_id'])
        .where(linkableIn(place))
        .orderBy('name')
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** The person when `place.callerId` may link them there (decision 266). */
    findLinkable: (place: LinkPlace, id: string) =>
      db
        .selectFrom('people')
        .select(['id', 'name', 'user_id'])
        .where('id', '=', id)
        .where(linkableIn(place))
        .executeTakeFirst(),

    async listForUser(userId: string, { limit, offset }: { limit: number; offset: number }) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('people')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('name')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('people')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** The first `limit` people's ids and names, by name: what the notes engines are given (decision 291). */
    namesByName: (userId: string, limit: number) =>
      db
        .selectFrom('people')
        .select(['id', 'name'])
        .where('user_id', '=', userId)
        .orderBy('name')
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** Every person's id and name, for matching names said in a meeting (bounded: a contact book, not a crowd). */
    namesForUser: (userId: string) =>
      db
        .selectFrom('people')
        .select(['id', 'name'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .limit(5000)
        .execute(),

    /** The user's own entry in their People: the person with their email, else with their name. */
    async findSelf(userId: string, self: { name: string; email: string }): Promise<PersonRow | undefined> {
      const rows = await db
        .selectFrom('people')
        .selectAll()
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([eb(eb.fn('lower', ['email']), '=', self.email.toLowerCase()), eb('name', '=', self.name)]),
        )
        .orderBy('created_at')
        .limit(20)
        .execute();
      return rows.find((r) => r.email?.toLowerCase() === self.email.toLowerCase()) ?? rows[0];
    },

    findForUser: (userId: string, id: string) =>
      db.selectFrom('people').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    async create(userId: string, fields: PersonFields): Promise<PersonRow> {
      const now = nowIso();
      const row: PersonRow = {
        id: newId(),
        user_id: userId,
        ...fields,
        ...nameWords(fields.name),
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('people').values(row).execute();
      return row;
    },

    async update(userId: string, id: string, changes: Partial<PersonFields>): Promise<boolean> {
      const result = await db
        .updateTable('people')
        .set({ ...changes, ...(changes.name === undefined ? {} : nameWords(changes.name)), updated_at: nowIso() })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Deletes the person. Their segments and action items keep their speaker and assignee but lose the link:
     * cleared here in short statements first (the foreign key's `set null` would clear them all in one,
     * and a person may be linked across any number of meetings), then by the key for any linked meanwhile.
     */
    async delete(userId: string, id: string): Promise<boolean> {
      // Theirs to delete, so every link to it goes, in other holders' shared projects too (decision 266).
      const own = await db.selectFrom('people').select('id').where('user_id', '=', userId).where('id', '=', id);
      if (!(await own.executeTakeFirst())) return false;
      await unlinkPersonRows(db, 'transcriptions', id);
      await unlinkPersonRows(db, 'action_items', id);
      const result = await db
        .deleteFrom('people')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
