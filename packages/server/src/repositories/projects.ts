import type { ProjectRole } from '@parley/contract';
import type { Db, DbKind } from '../db/database.ts';
import type { ProjectsTable } from '../db/schema.ts';
import { newId, nowIso } from '../lib/ids.ts';
import { projectNameKey } from '../lib/project-names.ts';
import { VISIBLE_MEETING } from './meetings.ts';

export type ProjectRow = ProjectsTable & { meeting_count: number };
export type MemberProjectRow = ProjectRow & { role: ProjectRole };

export function projectsRepository(db: Db, kind: DbKind) {
  const withCounts = () =>
    db
      .selectFrom('projects')
      .selectAll('projects')
      .select((eb) =>
        eb
          .selectFrom('meetings')
          .select((m) => m.fn.countAll<number>().as('n'))
          .whereRef('meetings.project_id', '=', 'projects.id')
          .where(...VISIBLE_MEETING)
          .as('meeting_count'),
      );

  return {
    /** The projects the user is a member of, their own and shared ones, with the user's role in each. */
    async listForMember(userId: string): Promise<MemberProjectRow[]> {
      const rows = await withCounts()
        .innerJoin('project_members as pm', 'pm.project_id', 'projects.id')
        .select('pm.role')
        .where('pm.user_id', '=', userId)
        .orderBy('projects.created_at', 'desc')
        .orderBy('projects.id')
        .execute();
      return rows.map((r) => ({ ...r, meeting_count: Number(r.meeting_count ?? 0) }));
    },

    async findForUser(userId: string, id: string): Promise<ProjectRow | undefined> {
      const row = await withCounts().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return row && { ...row, meeting_count: Number(row.meeting_count ?? 0) };
    },

    /** A new project and its creator as its owner member, together. */
    async create(userId: string, input: { name: string; description: string | null }): Promise<string> {
      const now = nowIso();
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('projects')
          .values({
            id,
            user_id: userId,
            name: input.name,
            name_key: projectNameKey(input.name),
            description: input.description,
            summary_template_id: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto('project_members')
          .values({ project_id: id, user_id: userId, role: 'owner', added_at: now })
          .execute();
      });
      return id;
    },

    async update(
      userId: string,
      id: string,
      changes: {
        name?: string;
        description?: string | null;
        audio_retention_days?: number | null;
        summary_template_id?: string | null;
      },
    ): Promise<boolean> {
      const result = await db
        .updateTable('projects')
        .set({
          ...changes,
          ...(changes.name !== undefined ? { name_key: projectNameKey(changes.name) } : {}),
          updated_at: nowIso(),
        })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Whether another of the user's projects has this name, by projectNameKey. */
    async nameTaken(userId: string, name: string, exceptId?: string): Promise<boolean> {
      let query = db
        .selectFrom('projects')
        .select('id')
        .where('user_id', '=', userId)
        .where('name_key', '=', projectNameKey(name));
      if (exceptId) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Every project that deletes its recordings after some days, for the retention job. */
    withRetention: () =>
      db
        .selectFrom('projects')
        .select(['id', 'user_id', 'audio_retention_days'])
        .where('audio_retention_days', 'is not', null)
        .execute(),

    /**
     * Holds the project's row until `trx` ends: a meeting cannot be added to it meanwhile (its foreign key
     * waits). PostgreSQL only; SQLite writes one transaction at a time.
     */
    async lock(trx: Db, userId: string, id: string): Promise<void> {
      if (kind === 'postgres')
        await trx
          .selectFrom('projects')
          .select('id')
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .forUpdate()
          .execute();
    },

    async delete(trx: Db, userId: string, id: string): Promise<void> {
      await trx.deleteFrom('projects').where('user_id', '=', userId).where('id', '=', id).execute();
    },
  };
}
