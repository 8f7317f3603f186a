import type { CreateProjectRequest, ProjectRole, UpdateProjectRequest } from '@parley/contract';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { presentProject } from '../presenters/index.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { projectsRepository } from '../repositories/projects.ts';
import type { RemoveHiddenMeeting } from './meeting-removal.ts';
import type { SummaryTemplatesService } from './summary-templates.ts';

interface Deps {
  summaryTemplates: Pick<SummaryTemplatesService, 'assertUsable'>;
  db: Db;
  projects: ReturnType<typeof projectsRepository>;
  meetings: ReturnType<typeof meetingsRepository>;
  queue: JobQueue;
  removeHidden: RemoveHiddenMeeting;
}

export function projectsService({ db, projects, meetings, queue, removeHidden, summaryTemplates }: Deps) {
  async function get(userId: string, id: string) {
    const row = await projects.findForUser(userId, id);
    if (!row) throw notFound('Project');
    return row;
  }

  const nameTaken = (name: string) => conflict(`A project named "${name}" already exists`);

  /**
   * Runs a write that sets a project's name; names are unique per user whatever their case or
   * surrounding spaces (docs/decisions/042). Checked first for the message, and by the unique index
   * for two requests racing with the same name.
   */
  async function withUniqueName<T>(
    userId: string,
    name: string | undefined,
    exceptId: string | undefined,
    write: () => Promise<T>,
  ) {
    if (name === undefined) return write();
    if (await projects.nameTaken(userId, name, exceptId)) throw nameTaken(name);
    try {
      return await write();
    } catch (error) {
      if (await projects.nameTaken(userId, name, exceptId)) throw nameTaken(name);
      throw error;
    }
  }

  // `userId` below is the project's holder (decision 220): the caller's access was decided by the route.
  return {
    get: async (userId: string, id: string, role: ProjectRole) => presentProject(await get(userId, id), role),
    /** Throws 404 unless the project exists and is held by the user. */
    assertOwned: async (userId: string, id: string) => void (await get(userId, id)),
    /** The caller's own projects and those shared with them. */
    list: async (userId: string) => (await projects.listForMember(userId)).map((row) => presentProject(row, row.role)),

    async create(userId: string, input: CreateProjectRequest) {
      const id = await withUniqueName(userId, input.name, undefined, () =>
        projects.create(userId, { name: input.name, description: input.description || null }),
      );
      return presentProject(await get(userId, id), 'owner');
    },

    /** `callerId`: the owner making the change; a default template must be one of theirs. */
    async update(userId: string, id: string, input: UpdateProjectRequest, role: ProjectRole, callerId: string) {
      const changes: {
        name?: string;
        description?: string | null;
        audio_retention_days?: number | null;
        summary_template_id?: string | null;
      } = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.audioRetentionDays !== undefined) changes.audio_retention_days = input.audioRetentionDays;
      if (input.description !== undefined) changes.description = input.description || null;
      await get(userId, id);
      if (input.summaryTemplateId !== undefined) {
        await summaryTemplates.assertUsable(callerId, input.summaryTemplateId);
        changes.summary_template_id = input.summaryTemplateId === 'default' ? null : input.summaryTemplateId;
      }
      if (!(await withUniqueName(userId, changes.name, id, () => projects.update(userId, id, changes)))) {
        throw notFound('Project');
      }
      return presentProject(await get(userId, id), role);
    },

    /**
     * Deleting a project deletes its meetings, their segments and their audio
     * (docs/decisions/004-deleting-a-project.md): its meetings hidden and their jobs cancelled in one small
     * transaction, then removed one by one in short statements (one cascade held the event loop), again
     * while meetings came into it meanwhile; the project goes in the transaction that finds none left.
     */
    async delete(userId: string, id: string) {
      await get(userId, id);
      for (;;) {
        const hidden = await db.transaction().execute(async (trx) => {
          await projects.lock(trx, userId, id);
          const rows = await meetings.hideForProject(trx, userId, id);
          for (const row of rows) await queue.cancelForMeeting(trx, row.id);
          if (rows.length === 0) await projects.delete(trx, userId, id);
          return rows;
        });
        if (hidden.length === 0) return;
        for (const row of hidden) await removeHidden(userId, row.id, row.audio_key);
      }
    },
  };
}

export type ProjectsService = ReturnType<typeof projectsService>;
