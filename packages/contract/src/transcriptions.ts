import { z } from 'zod';
import { Id, IsoDate, Pagination, success } from './common.ts';
import { LIMITS } from './limits.ts';

export const PersonRef = z.object({ _id: Id, name: z.string(), company: z.string().optional() });
export const MeetingRef = z.object({ _id: Id, title: z.string(), projectId: Id });

/**
 * The text of a segment whose person spoke over another where the recogniser could not make out their
 * words (docs/decisions/024): their time is shown under their name, no words are invented (as
 * "[crosstalk]" in a human transcript). An ellipsis is no word, so word error rates pass it by. The
 * pipeline marks a second voice with it, but since decision 241 stores no segment without a word: it
 * stays for transcripts stored before (and their JSON exports imported), which the web app shows as such
 * and lets a person type into.
 */
export const UNHEARD_SEGMENT_TEXT = '…';

/** A transcript segment. Times are milliseconds from the start of the recording. */
export const TranscriptionSegment = z.object({
  _id: Id,
  meetingId: z.union([Id, MeetingRef]),
  speaker: z.string(),
  personId: PersonRef.nullable(),
  text: z.string(),
  isEdited: z.boolean(),
  startTime: z.number().min(0),
  endTime: z.number().min(0),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type TranscriptionSegment = z.infer<typeof TranscriptionSegment>;

export const TranscriptionPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(LIMITS.transcriptPageSize),
});

export const TranscriptionPageResponse = success(
  z.object({ transcriptions: z.array(TranscriptionSegment), pagination: Pagination }),
);

export const UpdateTranscriptionRequest = z.object({
  text: z
    .string({ error: 'Text is required' })
    .trim()
    .min(1, 'Text cannot be empty')
    .max(LIMITS.transcriptTextMax, `Text must be at most ${LIMITS.transcriptTextMax} characters`),
});
export const TranscriptionResponse = success(TranscriptionSegment);

export const AssignSpeakerRequest = z.object({ personId: Id.nullable() });
/**
 * A speaker's label renamed in one meeting ("Speaker 2" -> "Ana"), without a contact: every segment of the
 * label takes the new one (a label already used there joins it). Linking to a person is the richer option.
 */
export const RenameSpeakerRequest = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
});
export type RenameSpeakerRequest = z.infer<typeof RenameSpeakerRequest>;
export const ReassignPersonRequest = z.object({ newPersonId: Id.nullable() });
export const ModifiedCountResponse = success(z.object({ modifiedCount: z.number().int().min(0) }));

/** One page of a transcript (a meeting's, or a person's segments across meetings). */
export const TranscriptionPage = TranscriptionPageResponse.shape.data;
export type TranscriptionPage = z.infer<typeof TranscriptionPage>;
