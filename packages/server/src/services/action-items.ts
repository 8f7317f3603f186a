import { ACTION_ITEMS_PER_MEETING, type CreateActionItemRequest, type UpdateActionItemRequest } from '@parley/contract';
import type { z } from 'zod';
import type { AiEngine } from '../ai/index.ts';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { nowIso } from '../lib/ids.ts';
import { pagination, presentActionItem, presentMeeting } from '../presenters/index.ts';
import type { ActionItemChanges, ActionItemsRepository } from '../repositories/action-items.ts';
import type { MeetingNotesRepository } from '../repositories/meeting-notes.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { LinkPlace, peopleRepository } from '../repositories/people.ts';
import type { transcriptionsRepository } from '../repositories/transcriptions.ts';
import { actionItemsGeneration } from './action-items-generation.ts';
import { actionItemsJobKey } from './job-keys.ts';
import type { MeetingsService } from './meetings.ts';
import { NOT_TRANSCRIBED } from './summary.ts';
import type { WebhookEvents } from './webhooks.ts';

interface Deps {
  db: Db;
  meetingsService: MeetingsService;
  meetings: ReturnType<typeof meetingsRepository>;
  meetingNotes: MeetingNotesRepository;
  actionItems: ActionItemsRepository;
  people: ReturnType<typeof peopleRepository>;
  transcriptions: ReturnType<typeof transcriptionsRepository>;
  queue: JobQueue;
  ai: AiEngine;
  events: WebhookEvents;
}

export const ACTION_ITEMS_IN_PROGRESS = 'Action items are already being generated for this meeting';
const ACTION_ITEMS_FULL = `A meeting can have at most ${ACTION_ITEMS_PER_MEETING.toLocaleString('en-US')} action items: delete some to add more`;

export function actionItemsService(deps: Deps) {
  const { db, meetingsService, meetings, meetingNotes, actionItems, people, queue } = deps;
  const generation = actionItemsGeneration(deps);

  async function getItem(userId: string, meetingId: string, itemId: string) {
    const row = await actionItems.findForUser(userId, meetingId, itemId);
    if (!row) throw notFound('Action item');
    return row;
  }

  /** A person the caller may assign the project's items to (decision 266), else a 400 on the field. */
  async function findPerson(place: LinkPlace, personId: string, path = 'assigneePersonId') {
    const person = await people.findLinkable(place, personId);
    if (!person) throw badRequest('The person does not exist', [{ path, message: 'Person not found' }]);
    return person;
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

    /** `viewerId`: who reads the list (a contact's company is its owner's to see). */
    async list(
      userId: string,
      projectId: string,
      meetingId: string,
      query: { page: number; limit: number },
      viewerId: string,
    ) {
      await meetingsService.getInProject(userId, projectId, meetingId);
      const { rows, total } = await actionItems.listByMeeting(userId, meetingId, query.page, query.limit);
      return {
        actionItems: rows.map((row) => presentActionItem(row, viewerId)),
        pagination: pagination(query.page, query.limit, total),
      };
    },

    /** An item added by hand: source `manual`, after the meeting's other items; regenerating keeps it. */
    async create(
      userId: string,
      projectId: string,
      meetingId: string,
      input: z.output<typeof CreateActionItemRequest>,
      callerId: string,
    ) {
      const meeting = await meetingsService.getInProject(userId, projectId, meetingId);
      const place = { callerId, holderId: userId, projectId };
      const person = input.assigneePersonId ? await findPerson(place, input.assigneePersonId) : null;
      const item = {
        task: input.task,
        context: input.context ?? null,
        assignee: input.assignee ?? person?.name ?? null,
        personId: person?.id ?? null,
        dueDate: input.dueDate ?? null,
        source: 'manual' as const,
      };
      const id = await actionItems.insertOneBounded(userId, meetingId, item, ACTION_ITEMS_PER_MEETING);
      if (!id) throw conflict(ACTION_ITEMS_FULL);
      // A meeting never generated now has a list to show (its tab shows lists once 'completed').
      if (meeting.action_items_status === 'not_started') {
        await meetings.updateById(db, meetingId, { action_items_status: 'completed', action_items_progress: 100 });
      }
      return presentActionItem(await getItem(userId, meetingId, id!), callerId);
    },

    /** Any change marks the item edited, so a regeneration keeps it (decision 141). */
    async update(
      userId: string,
      projectId: string,
      meetingId: string,
      itemId: string,
      input: z.output<typeof UpdateActionItemRequest>,
      callerId: string,
    ) {
      await meetingsService.getInProject(userId, projectId, meetingId);
      await getItem(userId, meetingId, itemId);
      const personId = input.assigneePersonId !== undefined ? input.assigneePersonId : input.personId;
      const place = { callerId, holderId: userId, projectId };
      const person = personId
        ? await findPerson(place, personId, input.assigneePersonId ? 'assigneePersonId' : 'personId')
        : null;
      const changes: ActionItemChanges = { edited_at: nowIso() };
      if (input.status !== undefined) changes.status = input.status;
      if (input.task !== undefined) changes.task = input.task;
      if (input.context !== undefined) changes.context = input.context;
      if (input.dueDate !== undefined) changes.due_date = input.dueDate;
      if (personId !== undefined) changes.person_id = person?.id ?? null;
      if (input.assignee !== undefined) changes.assignee = input.assignee;
      // A person chosen without a name typed shows under the person's name everywhere (exports, the list).
      else if (person) changes.assignee = person.name;
      // Typed alone, the new name replaces the person the item was linked to.
      if (input.assignee !== undefined && personId === undefined) changes.person_id = null;
      await actionItems.update(userId, meetingId, itemId, changes);
      return presentActionItem(await getItem(userId, meetingId, itemId), callerId);
    },

    async delete(userId: string, projectId: string, meetingId: string, itemId: string) {
      await meetingsService.getInProject(userId, projectId, meetingId);
      if (!(await actionItems.delete(userId, meetingId, itemId))) throw notFound('Action item');
    },

    /** The generate-action-items job's work, queued by `generate`. */
    generateNow: generation.generateNow,
    generationFailed: generation.generationFailed,
  };
}

export type ActionItemsService = ReturnType<typeof actionItemsService>;
