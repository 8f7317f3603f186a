import type { JobHandler } from '../jobs/worker.ts';
import type { LiveTranscribingService } from '../services/live-transcribing.ts';

/** One live pass over a recording under way: the live-transcribing service's work (decision 150). */
export function liveTranscribeHandler({
  liveTranscribing,
}: {
  liveTranscribing: Pick<LiveTranscribingService, 'transcribeLive'>;
}): JobHandler<'live-transcribe'> {
  return {
    name: 'live-transcribe',
    run: ({ meetingId }, ctx) => liveTranscribing.transcribeLive(meetingId, ctx),
  };
}
