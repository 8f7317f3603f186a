import type { JobHandler } from '../jobs/worker.ts';
import type { TranscribingService } from '../services/transcribing.ts';

/** Transcribes a meeting's audio: the transcribing service's work (services/transcribing.ts). */
export function transcribeMeetingHandler({
  transcribing,
}: {
  transcribing: Pick<TranscribingService, 'transcribe' | 'failed'>;
}): JobHandler<'transcribe-meeting'> {
  return {
    name: 'transcribe-meeting',
    run: ({ meetingId }, ctx) => transcribing.transcribe(meetingId, ctx),
    onFinalFailure: ({ meetingId }, error) => transcribing.failed(meetingId, error),
  };
}
