import type { TranscriptionSegment } from '@parley/contract';

/** People in the speaker dropdown read 'name - company', or just 'name' without a company. */
export function personLabel(person: { name: string; company?: string | null }): string {
  const company = person.company?.trim();
  return company ? `${person.name} - ${company}` : person.name;
}

/** The segment being spoken at `positionMs`, if any (segments are ordered by start time). */
export function activeSegmentId(segments: TranscriptionSegment[], positionMs: number): string | null {
  let found: string | null = null;
  for (const segment of segments) {
    if (segment.startTime > positionMs) break;
    if (positionMs < segment.endTime) found = segment._id;
  }
  return found;
}
