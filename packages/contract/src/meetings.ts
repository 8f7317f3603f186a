import { z } from 'zod';
import { Id, IsoDate, success } from './common.ts';
import { LIMITS } from './limits.ts';
import { RecordingState } from './recordings.ts';

export const TranscriptionStatus = z.enum(['pending', 'processing', 'completed', 'failed']);
export type TranscriptionStatus = z.infer<typeof TranscriptionStatus>;
export const ActionItemsStatus = z.enum(['not_started', 'processing', 'completed', 'failed']);
export type ActionItemsStatus = z.infer<typeof ActionItemsStatus>;
export const RecordingType = z.enum(['direct', 'upload']);
export type RecordingType = z.infer<typeof RecordingType>;

/** The text fields of the multipart upload; the file arrives as `audioFile`. */
export const CreateMeetingFields = z.object({
  title: z
    .string({ error: 'Please enter a meeting title' })
    .trim()
    .min(1, 'Please enter a meeting title')
    .max(LIMITS.meetingTitleMax, `Title must be at most ${LIMITS.meetingTitleMax} characters`),
  recordingType: RecordingType.default('upload'),
  duration: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .optional(),
});
export type CreateMeetingFields = z.input<typeof CreateMeetingFields>;

export const UpdateMeetingRequest = z
  .object({
    projectId: Id.optional(),
    title: CreateMeetingFields.shape.title.optional(),
    description: z.union([z.string().trim().max(2000), z.null()]).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' });
export type UpdateMeetingRequest = z.infer<typeof UpdateMeetingRequest>;

export const Meeting = z.object({
  _id: Id,
  projectId: Id,
  title: z.string(),
  description: z.string().optional(),
  duration: z.number().min(0),
  recordingType: RecordingType,
  createdAt: IsoDate,
  updatedAt: IsoDate,
  transcriptionStatus: TranscriptionStatus,
  /** Present while the browser is still recording it in chunks, or the chunks are being put together. */
  recordingState: RecordingState.optional(),
  transcriptionProgress: z.number().min(0).max(100),
  transcriptionError: z.string().optional(),
  /** What was done with the recording that a user should know (a file of more than two channels heard as one mix). */
  transcriptionNotice: z.string().optional(),
  summary: z.string().optional(),
  actionItemsStatus: ActionItemsStatus,
  actionItemsProgress: z.number().min(0).max(100),
  /** When the recording was deleted (retention, or "Delete recording, keep transcript"); the transcript stays. */
  audioDeletedAt: IsoDate.optional(),
  metadata: z.object({
    actionItems: z.object({ errorMessage: z.string().optional() }).optional(),
    audio: z.object({ mimeType: z.string(), size: z.number(), fileName: z.string() }).optional(),
  }),
});
export type Meeting = z.infer<typeof Meeting>;

export const MeetingResponse = success(Meeting);
export const MeetingListResponse = success(z.object({ meetings: z.array(Meeting) }));
export const CreateMeetingResponse = success(Meeting);
export const RecentMeetingsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.recentMeetings),
});
export const AudioUrlResponse = success(z.object({ url: z.string(), expiresAt: IsoDate }));
/** The recording itself: `token` from the audio-url route instead of a bearer header; download=1 saves it. */
export const AudioFileQuery = z.object({ token: z.string().optional(), download: z.enum(['0', '1']).optional() });

/** A short-lived same-origin URL of a meeting's audio, for `<audio src>`. */
export const AudioUrl = AudioUrlResponse.shape.data;
export type AudioUrl = z.infer<typeof AudioUrl>;
