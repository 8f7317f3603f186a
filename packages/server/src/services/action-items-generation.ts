import { ACTION_ITEM_LIMITS } from '@parley/contract';
import { type AiEngine, AiEngineError } from '../ai/index.ts';
import { isSameTask } from '../ai/same-task.ts';
import type { Db } from '../db/database.ts';
import { progressWriter } from '../jobs/progress.ts';
import { type JobContext, PermanentJobError } from '../jobs/worker.ts';
import type { ActionItemsRepository } from '../repositories/action-items.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { peopleRepository } from '../repositories/people.ts';
import type { transcriptionsRepository } from '../repositories/transcriptions.ts';
import { loadNotesInput } from './notes-input.ts';
import type { WebhookEvents } from './webhooks.ts';

interface Deps {
  db: Db;
  meetings: ReturnType<typeof meetingsRepository>;
  transcriptions: ReturnType<typeof transcriptionsRepository>;
  people: ReturnType<typeof peopleRepository>;
  actionItems: ActionItemsRepository;
  ai: AiEngine;
  events: WebhookEvents;
}

const FALLBACK_ERROR = 'An error occurred while generating action items';

/**
 * The generate-action-items job's work (part of the action-items service): the notes engine reads the
 * meeting's transcript and its findings replace the untouched generated items (docs/decisions/052, 141).
 */
export function actionItemsGeneration(deps: Deps) {
  const { db, meetings, actionItems, ai, events } = deps;
  return {
    async generateNow(meetingId: string, { signal, log }: JobContext) {
      const meeting = await meetings.findById(meetingId);
      if (!meeting) return log.info('meeting was deleted; nothing to do');
      if (meeting.action_items_status !== 'processing') return;

      const progress = progressWriter(
        (percent) => meetings.updateById(db, meetingId, { action_items_progress: percent }),
        log,
      );
      const onProgress = progress.report;
      const input = await loadNotesInput(deps, meeting);
      let items: Awaited<ReturnType<AiEngine['extractActionItems']>>;
      try {
        items = await ai.extractActionItems(input, { signal, owner: meeting.user_id, onProgress });
      } catch (error) {
        // A refused key or a model that cannot answer in the format will not do better on a retry.
        if (error instanceof AiEngineError && !error.retryable) throw new PermanentJobError(error.message);
        throw error;
      }
      // Untouched generated items are swapped as a whole, so a retried or regenerated job never duplicates
      // them; what the user added or changed stays, and a finding that repeats one of those is left out.
      const found = items.map((item) => ({
        ...item,
        // Within what a person may save when editing the item, so an untouched field never fails validation.
        task: clip(item.task, ACTION_ITEM_LIMITS.taskMax),
        context: item.context === null ? null : clip(item.context, ACTION_ITEM_LIMITS.contextMax),
        assignee: item.assignee === null ? null : clip(item.assignee, ACTION_ITEM_LIMITS.assigneeMax),
        source: 'generated' as const,
      }));
      await actionItems.replaceGenerated(meeting.user_id, meetingId, (kept) =>
        found.filter((item) => !kept.some((other) => isSameTask(item.task, other.task))),
      );
      await progress.flush();
      await db.transaction().execute(async (trx) => {
        await meetings.updateById(trx, meetingId, {
          action_items_status: 'completed',
          action_items_progress: 100,
          action_items_error: null,
        });
        const done = await meetings.findById(meetingId, trx);
        if (done) await events.emit(trx, 'action_items.generated', done);
      });
      log.info({ items: items.length, engine: ai.name }, 'action items generated');
    },

    /** Every attempt failed: the meeting says so, with the engine's message. */
    async generationFailed(meetingId: string, error: Error) {
      const message = (error.message || FALLBACK_ERROR).slice(0, 500);
      await meetings.updateById(db, meetingId, { action_items_status: 'failed', action_items_error: message });
    },
  };
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 3).trimEnd()}...`);
