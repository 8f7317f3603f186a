import type { JobHandler } from '../jobs/worker.ts';
import type { MeetingsService } from '../services/meetings.ts';
import type { RecordingsService } from '../services/recordings.ts';

/**
 * What Parley no longer keeps, queued hourly by the worker: recordings past their project's retention
 * (docs/decisions/173), and the chunks recordings finished by the idle sweep kept for a browser that did
 * not come back within RECORDING_CHUNKS_KEEP_HOURS (docs/decisions/263).
 */
export function applyRetentionHandler(deps: {
  meetings: Pick<MeetingsService, 'applyRetention'>;
  recordings: Pick<RecordingsService, 'dropKeptChunks'>;
  keepChunksMs: number;
}): JobHandler<'apply-retention'> {
  return {
    name: 'apply-retention',
    async run(_payload, { log }) {
      const removed = await deps.meetings.applyRetention();
      const closed = await deps.recordings.dropKeptChunks(deps.keepChunksMs);
      log.info({ removed, closedRecordings: closed }, 'retention applied');
    },
  };
}
