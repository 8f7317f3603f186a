import { z } from 'zod';
import { ActionItemStatus } from './action-items.ts';
import { Id, IsoDate, success } from './common.ts';

/** Links one meeting may have; the list is always sent whole (decision 190). */
export const SHARES_PER_MEETING = 50;

/** A read-only link to one meeting that works without signing in (docs/decisions/172). */
export const CreateShareRequest = z.object({
  expiresAt: IsoDate.optional().refine((value) => !value || Date.parse(value) > Date.now(), {
    message: 'The expiry date must be in the future',
  }),
  includeAudio: z.boolean({ error: 'Say whether the recording is included' }),
});
export type CreateShareRequest = z.infer<typeof CreateShareRequest>;

export const Share = z.object({
  id: Id,
  url: z.string(),
  includeAudio: z.boolean(),
  expiresAt: IsoDate.nullable(),
  createdAt: IsoDate,
});
export type Share = z.infer<typeof Share>;

export const ShareResponse = success(Share);
export const ShareListResponse = success(z.object({ shares: z.array(Share) }));

/**
 * What a link shows: names and words, never an id (the meeting's, its project's, a person's) nor what the
 * owner keeps about a person (their company), nor the recording's file name (docs/decisions/172).
 */
export const SharedMeetingInfo = z.object({
  title: z.string(),
  description: z.string().optional(),
  /** Seconds. */
  duration: z.number().min(0),
  createdAt: IsoDate,
  summary: z.string().optional(),
});
export type SharedMeetingInfo = z.infer<typeof SharedMeetingInfo>;
/** `speaker` is the linked person's name, else the label ("Speaker 2"); times in milliseconds. */
export const SharedSegment = z.object({
  speaker: z.string(),
  text: z.string(),
  startTime: z.number().min(0),
  endTime: z.number().min(0),
});
export type SharedSegment = z.infer<typeof SharedSegment>;
/** `assignee` is the linked person's name, else the name as written; `contextStartTime` in seconds. */
export const SharedActionItem = z.object({
  task: z.string(),
  context: z.string().nullable(),
  contextStartTime: z.number().min(0).nullable(),
  assignee: z.string().nullable(),
  dueDate: IsoDate.nullable(),
  status: ActionItemStatus,
});
export type SharedActionItem = z.infer<typeof SharedActionItem>;

/** What GET /api/shared/{token} answers: the meeting, its transcript, action items and (if allowed) its audio. */
export const SharedMeeting = z.object({
  meeting: SharedMeetingInfo,
  transcript: z.array(SharedSegment),
  actionItems: z.array(SharedActionItem),
  /** The recording's address when the link includes it; null otherwise. */
  audioUrl: z.string().nullable(),
  expiresAt: IsoDate.nullable(),
});
export type SharedMeeting = z.infer<typeof SharedMeeting>;
export const SharedMeetingResponse = success(SharedMeeting);
