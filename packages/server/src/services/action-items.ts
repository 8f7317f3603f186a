import type { UpdateActionItemRequest } from '@parley/contract';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { pagination, presentActionItem, presentMeeting } from '../presenters/index.ts';
import type { ActionItemChanges, ActionItemsRepository } from '../repositories/action-items.ts';
import type { MeetingNotesRepository } from '../repositories/meeting-notes.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { peopleRepository } from '../repositories/people.ts';
import { actionItemsJobKey } from './job-keys.ts';
import type { MeetingsService } from './meetings.ts';
import { NOT_TRANSCRIBED } from './summary.ts';

interface Deps {
  db: Db;
  meetingsService: MeetingsService;
  meetings: ReturnType<typeof meetingsRepository>;
  meetingNotes: MeetingNotesRepository;
  actionItems: ActionItemsRepository;
  people: ReturnType<typeof peopleRepository>;
  queue: JobQueue;
}

export const ACTION_ITEMS_IN_PROGRESS = 'Action items are already being generated for this meeting';

export function actionItemsService(deps: Deps) {
  const { db, meetingsService, meetings, meetingNotes, actionItems, people, queue } = deps;

  async function getItem(userId: string, meetingId: string, itemId: string) {
    const row = await actionItems.findForUser(userId, meetingId, itemId);
    if (!row) throw notFound('Action item');
    return row;
  }

  return {
    /** Marks the meeting `processing` and enqueues the job in one transaction; the page polls the meeting. */
    async generate(userId: string, projectId: string, meetingId: string) {
      const meeting = await meetingsService.getInProject(userId, projectId, meetingId);
      if (meeting.transcription_status !== 'completed') throw conflict(NOT_TRANSCRIBED);
      await db.transaction().execute(async (trx) => {
        if (!(await meetingNotes.startActionItems(trx, userId, meetingId))) throw conflict(ACTION_ITEMS_IN_PROGRESS);
        await queue.enqueue(
          trx,
          'generate-action-items',
          { meetingId },
          { userId, idempotencyKey: actionItemsJobKey(meetingId) },
        );
      });
      return presentMeeting((await meetings.findForUser(userId, meetingId))!);
    },

    async list(userId: string, projectId: string, meetingId: string, query: { page: number; limit: number }) {
      await meetingsService.getInProject(userId, projectId, meetingId);
      const { rows, total } = await actionItems.listByMeeting(userId, meetingId, query.page, query.limit);
      return { actionItems: rows.map(presentActionItem), pagination: pagination(query.page, query.limit, total) };
    },

    async update(
      userId: string,
      projectId: string,
      meetingId: string,
      itemId: string,
      input: z.output<typeof UpdateActionItemRequest>,
    ) {
      await meetingsService.getInProject(userId, projectId, meetingId);
      await getItem(userId, meetingId, itemId);
      if (input.personId && !(await people.findForUser(userId, input.personId))) {
        throw badRequest('The person does not exist', [{ path: 'personId', message: 'Person not found' }]);
      }
      const changes: ActionItemChanges = {};
      if (input.status !== undefined) changes.status = input.status;
      if (input.task !== undefined) changes.task = input.task;
      if (input.context !== undefined) changes.context = input.context;
      if (input.assignee !== undefined) changes.assignee = input.assignee;
      if (input.dueDate !== undefined) changes.due_date = input.dueDate;
      if (input.personId !== undefined) changes.person_id = input.personId;
      await actionItems.update(userId, meetingId, itemId, changes);
      return presentActionItem(await getItem(userId, meetingId, itemId));
    },

    async delete(userId: string, projectId: string, meetingId: string, itemId: string) {
      await meetingsService.getInProject(userId, projectId, meetingId);
      if (!(await actionItems.delete(userId, meetingId, itemId))) throw notFound('Action item');
    },
  };
}

export type ActionItemsService = ReturnType<typeof actionItemsService>;
