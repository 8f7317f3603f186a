import type { ParsedMeetingExport } from '@parley/contract';
import { type Pages, toPages } from '../lib/pages.ts';
import type { ParsedTranscript } from './parse.ts';
import type { ImportedCue } from './transcript.ts';

/** Cues or action items a page: the import writes 100 a statement, so a page is a few of its turns. */
const PER_PAGE = 500;

/** A parsed transcript as the CPU thread hands it over (lib/pages.ts): read a page at a time. */
export type PagedTranscript = {
  summary: string | null;
  description: string | null;
  /** Where the last cue ends: the meeting's length when no recording comes with it. */
  lastEndMs: number;
} & (
  | { kind: 'cues'; segments: Pages<ImportedCue>; actionItems: null }
  | {
      kind: 'parley';
      segments: Pages<ParsedMeetingExport['segments'][number]>;
      actionItems: Pages<ParsedMeetingExport['actionItems'][number]>;
    }
);

export function pagedTranscript(parsed: ParsedTranscript): PagedTranscript {
  if (parsed.kind === 'cues') {
    return {
      kind: 'cues',
      summary: null,
      description: null,
      lastEndMs: parsed.cues.reduce((end, cue) => Math.max(end, cue.endMs), 0),
      segments: toPages(parsed.cues, PER_PAGE),
      actionItems: null,
    };
  }
  const { meeting, segments, actionItems } = parsed.export;
  return {
    kind: 'parley',
    summary: meeting.summary,
    description: meeting.description,
    lastEndMs: segments.reduce((end, segment) => Math.max(end, segment.endTime), 0),
    segments: toPages(segments, PER_PAGE),
    actionItems: toPages(actionItems, PER_PAGE),
  };
}
