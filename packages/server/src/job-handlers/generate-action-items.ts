import type { JobHandler } from '../jobs/worker.ts';
import type { ActionItemsService } from '../services/action-items.ts';

/** Finds a meeting's action items: the action-items service's work (services/action-items-generation.ts). */
export function generateActionItemsHandler({
  actionItems,
}: {
  actionItems: Pick<ActionItemsService, 'generateNow' | 'generationFailed'>;
}): JobHandler<'generate-action-items'> {
  return {
    name: 'generate-action-items',
    run: ({ meetingId }, ctx) => actionItems.generateNow(meetingId, ctx),
    onFinalFailure: ({ meetingId }, error) => actionItems.generationFailed(meetingId, error),
  };
}
