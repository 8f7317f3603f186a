import type { ProjectRole } from '@parley/contract';
import type { Db } from '../db/database.ts';
import { VISIBLE_MEETING } from './meetings.ts';

/** A member's standing in one project, and the account its rows are kept under (its creator, decision 220). */
export interface ProjectAccessRow {
  project_id: string;
  holder_id: string;
  role: ProjectRole;
}

/** The lookups the access check (services/access.ts) rests on: one indexed join each. */
export function accessRepository(db: Db) {
  return {
    onProject: (userId: string, projectId: string): Promise<ProjectAccessRow | undefined> =>
      db
        .selectFrom('projects')
        .innerJoin('project_members as pm', 'pm.project_id', 'projects.id')
        .select(['projects.id as project_id', 'projects.user_id as holder_id', 'pm.role'])
        .where('projects.id', '=', projectId)
        .where('pm.user_id', '=', userId)
        .executeTakeFirst(),

    onMeeting: (userId: string, meetingId: string): Promise<ProjectAccessRow | undefined> =>
      db
        .selectFrom('meetings')
        .innerJoin('project_members as pm', 'pm.project_id', 'meetings.project_id')
        .select(['meetings.project_id', 'meetings.user_id as holder_id', 'pm.role'])
        .where('meetings.id', '=', meetingId)
        .where(...VISIBLE_MEETING)
        .where('pm.user_id', '=', userId)
        .executeTakeFirst(),

    async isAdmin(userId: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
      return row?.role === 'admin';
    },
  };
}
