import { z } from 'zod';
import { Id } from './common.ts';

/** Every background job by name, with the payload checked again when a worker picks it up. */
export const JOB_PAYLOADS = {
  'transcribe-meeting': z.object({ meetingId: Id }),
  'generate-action-items': z.object({ meetingId: Id }),
  /** Brings a meeting's semantic-search vectors in line with its segments (docs/decisions/061). */
  'embed-segments': z.object({ meetingId: Id }),
  /** Posts a webhook's pending deliveries, oldest first, one endpoint per job (docs/decisions/171). */
  'deliver-webhooks': z.object({ webhookId: Id }),
  /** Deletes recordings older than their project's audioRetentionDays (docs/decisions/173). */
  'apply-retention': z.object({}),
  /** Puts a chunked recording's chunks together into its audio and queues its transcription (decision 150). */
  'finish-recording': z.object({ meetingId: Id }),
  /** Transcribes the chunks of a recording under way, for the live transcript (decision 150). */
  'live-transcribe': z.object({ meetingId: Id }),
} as const;
export type JobName = keyof typeof JOB_PAYLOADS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOB_PAYLOADS)[N]>;
export const JOB_NAMES = Object.keys(JOB_PAYLOADS) as JobName[];
