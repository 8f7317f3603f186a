import type { ProjectRole } from '@parley/contract';
import type { Db, DbKind } from '../db/database.ts';
import { nowIso } from '../lib/ids.ts';

export interface MemberRow {
  user_id: string;
  name: string;
  email: string;
  role: ProjectRole;
  added_at: string;
}

/** A project's members (decision 220): who may read, edit or manage it. */
export function membersRepository(db: Db, kind: DbKind) {
  const members = (trx: Db, projectId: string) =>
    trx
      .selectFrom('project_members as pm')
      .innerJoin('users', 'users.id', 'pm.user_id')
      .select(['pm.user_id', 'users.name', 'users.email', 'pm.role', 'pm.added_at'])
      .where('pm.project_id', '=', projectId);

  return {
    list: (projectId: string): Promise<MemberRow[]> =>
      members(db, projectId).orderBy('pm.added_at').orderBy('pm.user_id').execute(),

    find: (trx: Db, projectId: string, userId: string): Promise<MemberRow | undefined> =>
      members(trx, projectId).where('pm.user_id', '=', userId).executeTakeFirst(),

    async add(projectId: string, userId: string, role: ProjectRole) {
      await db
        .insertInto('project_members')
        .values({ project_id: projectId, user_id: userId, role, added_at: nowIso() })
        .execute();
    },

    async setRole(trx: Db, projectId: string, userId: string, role: ProjectRole) {
      await trx
        .updateTable('project_members')
        .set({ role })
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .execute();
    },

    async remove(trx: Db, projectId: string, userId: string) {
      await trx
        .deleteFrom('project_members')
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .execute();
    },

    async owners(trx: Db, projectId: string): Promise<number> {
      const row = await trx
        .selectFrom('project_members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('project_id', '=', projectId)
        .where('role', '=', 'owner')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Holds the project's member rows until `trx` ends, so two owners demoting or removing each other
     * at once cannot leave none. PostgreSQL only; SQLite writes one transaction at a time.
     */
    async lock(trx: Db, projectId: string) {
      if (kind === 'postgres')
        await trx.selectFrom('projects').select('id').where('id', '=', projectId).forUpdate().execute();
    },
  };
}
