import { z } from 'zod';
import { IsoDate } from './common.ts';

// Exports of a meeting (GET /api/meetings/{meetingId}/export) and the transcript files a new meeting
// can be created from (the `transcriptFile` part of POST /api/projects/{id}/meetings).

export const EXPORT_FORMATS = ['txt', 'md', 'srt', 'vtt', 'docx', 'json'] as const;
export const ExportFormat = z.enum(EXPORT_FORMATS, {
  error: (issue) =>
    issue.input === undefined
      ? `Choose an export format: ${EXPORT_FORMATS.join(', ')}`
      : `Unknown export format '${String(issue.input)}'. Use one of: ${EXPORT_FORMATS.join(', ')}`,
});
export type ExportFormat = z.infer<typeof ExportFormat>;

export const ExportQuery = z.object({
  format: ExportFormat,
  /** An IANA time zone for the dates written in the document (the browser's own); UTC when absent. */
  tz: z
    .string()
    .max(64)
    .refine((zone) => isTimeZone(zone), 'Unknown time zone')
    .optional(),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const EXPORT_LABELS: Record<ExportFormat, string> = {
  txt: 'Plain text (.txt)',
  md: 'Markdown (.md)',
  srt: 'SubRip subtitles (.srt)',
  vtt: 'WebVTT subtitles (.vtt)',
  docx: 'Word document (.docx)',
  json: 'Parley JSON (.json)',
};

/** Transcript files accepted beside (or instead of) the audio. */
export const TRANSCRIPT_EXTENSIONS = ['vtt', 'srt', 'json'] as const;
export const TRANSCRIPT_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxCues: 20_000,
  /** A Parley JSON export carries its action items too: as many as segments at most. */
  maxActionItems: 20_000,
} as const;
export const TRANSCRIPT_MESSAGES = {
  invalidType: 'Invalid transcript file. Please select a WebVTT (.vtt), SubRip (.srt) or Parley JSON (.json) file.',
  tooLarge: `Transcript file exceeds ${TRANSCRIPT_LIMITS.maxBytes / (1024 * 1024)}MB. Please select a smaller file.`,
  noFile: 'Please select an audio file or a transcript',
} as const;

export function transcriptKindOf(fileName: string): (typeof TRANSCRIPT_EXTENSIONS)[number] | null {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  return fileName.includes('.') && (TRANSCRIPT_EXTENSIONS as readonly string[]).includes(extension)
    ? (extension as (typeof TRANSCRIPT_EXTENSIONS)[number])
    : null;
}

// ---- Parley's JSON export, versioned so that it can be imported back ----

export const MEETING_EXPORT_FORMAT = 'parley.meeting';
export const MEETING_EXPORT_VERSION = 1;

const ExportedPerson = z.object({
  _id: z.string().max(64).optional(),
  name: z.string().trim().min(1).max(100),
  company: z.string().max(100).optional(),
});

const Milliseconds = z
  .number()
  .int()
  .min(0)
  .max(48 * 3600 * 1000);

export const ExportedSegment = z
  .object({
    speaker: z.string().trim().min(1).max(100),
    person: ExportedPerson.nullable().default(null),
    text: z.string().max(10_000),
    startTime: Milliseconds,
    endTime: Milliseconds,
    isEdited: z.boolean().default(false),
  })
  .refine((segment) => segment.endTime >= segment.startTime, {
    message: 'endTime must not be before startTime',
    path: ['endTime'],
  });
export type ExportedSegment = z.infer<typeof ExportedSegment>;

export const ExportedActionItem = z.object({
  task: z.string().trim().min(1).max(500),
  context: z.string().max(5000).nullable().default(null),
  contextStartTime: Milliseconds.nullable().default(null),
  assignee: z.string().max(200).nullable().default(null),
  person: ExportedPerson.nullable().default(null),
  dueDate: IsoDate.nullable().default(null),
  status: z.enum(['pending', 'in_progress', 'completed']).default('pending'),
});
export type ExportedActionItem = z.infer<typeof ExportedActionItem>;

export const MeetingExport = z.object({
  format: z.literal(MEETING_EXPORT_FORMAT, {
    error: `Not a Parley export: "format" must be "${MEETING_EXPORT_FORMAT}"`,
  }),
  version: z.literal(MEETING_EXPORT_VERSION, {
    error: `Unsupported Parley export version: only version ${MEETING_EXPORT_VERSION} can be imported`,
  }),
  exportedAt: IsoDate.optional(),
  meeting: z.object({
    title: z.string().max(200),
    description: z.string().max(2000).nullable().default(null),
    createdAt: IsoDate.optional(),
    /** Milliseconds. */
    duration: Milliseconds.optional(),
    summary: z.string().max(200_000).nullable().default(null),
  }),
  segments: z.array(ExportedSegment),
  actionItems: z.array(ExportedActionItem).default([]),
});
export type MeetingExport = z.input<typeof MeetingExport>;
export type ParsedMeetingExport = z.output<typeof MeetingExport>;
