import type { JobHandler } from '../jobs/worker.ts';
import type { MeetingsService } from '../services/meetings.ts';

/** Deletes the recordings their projects no longer keep (docs/decisions/173); queued daily by the worker. */
export function applyRetentionHandler(deps: { meetings: MeetingsService }): JobHandler<'apply-retention'> {
  return {
    name: 'apply-retention',
    async run(_payload, { log }) {
      const removed = await deps.meetings.applyRetention();
      log.info({ removed }, 'retention applied');
    },
  };
}
