import type { JobHandler } from '../jobs/worker.ts';
import type { MeetingVectorsService } from '../services/meeting-vectors.ts';

/** Brings a meeting's vectors in line with its segments: the meeting-vectors service's work. */
export function embedSegmentsHandler({
  meetingVectors,
}: {
  meetingVectors: Pick<MeetingVectorsService, 'embed'>;
}): JobHandler<'embed-segments'> {
  return {
    name: 'embed-segments',
    run: ({ meetingId }, ctx) => meetingVectors.embed(meetingId, ctx),
  };
}
