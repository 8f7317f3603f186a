import { z } from 'zod';
import { Id } from './common.ts';

// Questions about the user's meetings, answered from their passages (decision 163). POST /api/ask
// streams server-sent events: `chunk` events ({ text }) of the answer, then one `complete` event with the
// whole answer and its citations, or one `error` event ({ message }).

export const ASK_QUESTION_MAX = 500;

export const AskRequest = z.object({
  question: z
    .string({ error: 'Question is required' })
    .trim()
    .min(1, 'Question cannot be empty')
    .max(ASK_QUESTION_MAX, `Question must be at most ${ASK_QUESTION_MAX} characters`),
  /** Ask one project's meetings, or one meeting's passages; neither: every meeting of the user. */
  projectId: Id.optional(),
  meetingId: Id.optional(),
});
export type AskRequest = z.infer<typeof AskRequest>;

/** A passage the answer rests on: a segment of one of the user's meetings. */
export const Citation = z.object({
  meetingId: Id,
  projectId: Id,
  transcriptionId: Id,
  meetingTitle: z.string(),
  speaker: z.string(),
  /** Milliseconds from the start of the recording. */
  startTime: z.number().min(0),
  text: z.string(),
});
export type Citation = z.infer<typeof Citation>;

export const AskChunkEvent = z.object({ text: z.string() });
export const AskCompleteEvent = z.object({ answer: z.string(), citations: z.array(Citation) });
export type AskCompleteEvent = z.infer<typeof AskCompleteEvent>;
export const AskErrorEvent = z.object({ message: z.string() });
