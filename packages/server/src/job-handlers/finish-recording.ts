import type { JobHandler } from '../jobs/worker.ts';
import type { RecordingsService } from '../services/recordings.ts';

/** Puts a chunked recording together: the recordings service's work (services/recording-assembly.ts). */
export function finishRecordingHandler({
  recordings,
}: {
  recordings: Pick<RecordingsService, 'putTogether' | 'putTogetherFailed'>;
}): JobHandler<'finish-recording'> {
  return {
    name: 'finish-recording',
    run: ({ meetingId }, ctx) => recordings.putTogether(meetingId, ctx),
    onFinalFailure: ({ meetingId }, error) => recordings.putTogetherFailed(meetingId, error),
  };
}
