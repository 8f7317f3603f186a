import type { TranscriptionSegment } from '@parley/contract';

/** The segment being spoken at `positionMs`, if any (segments are ordered by start time). */
export function activeSegmentId(segments: TranscriptionSegment[], positionMs: number): string | null {
  let found: string | null = null;
  for (const segment of segments) {
    if (segment.startTime > positionMs) break;
    if (positionMs < segment.endTime) found = segment._id;
  }
  return found;
}
