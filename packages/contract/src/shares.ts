import { z } from 'zod';
import { ActionItem } from './action-items.ts';
import { Id, IsoDate, success } from './common.ts';
import { Meeting } from './meetings.ts';
import { TranscriptionSegment } from './transcriptions.ts';

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

/** What GET /api/shared/{token} answers: the meeting, its transcript, action items and (if allowed) its audio. */
export const SharedMeeting = z.object({
  meeting: Meeting,
  transcript: z.array(TranscriptionSegment),
  actionItems: z.array(ActionItem),
  /** The recording's address when the link includes it; null otherwise. */
  audioUrl: z.string().nullable(),
  expiresAt: IsoDate.nullable(),
});
export type SharedMeeting = z.infer<typeof SharedMeeting>;
export const SharedMeetingResponse = success(SharedMeeting);
