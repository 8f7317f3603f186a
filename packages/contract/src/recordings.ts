import { z } from 'zod';
import { Id, IsoDate, success } from './common.ts';
import { LIMITS } from './limits.ts';

/**
 * Recording in chunks (docs/decisions/150-chunked-recording.md): the browser starts a recording (the
 * meeting exists from then on, shown as recording), sends numbered chunks of at most
 * RECORDING_CHUNK.maxSeconds as they are made, and finishes it; the server assembles the chunks and
 * transcribes the whole as an upload. Meanwhile the worker transcribes the chunks live.
 */
export const RECORDING_CHUNK = {
  /** The browser sends what it has recorded at least this often. */
  maxSeconds: 5,
  /** A chunk larger than this is refused (5 s of uncompressed 48 kHz stereo PCM is under 1 MB). */
  maxBytes: 4 * 1024 * 1024,
  /** Chunk numbers run 0..maxSeq (about 28 hours at 1 s a chunk). */
  maxSeq: 100_000,
} as const;

export const RecordingState = z.enum(['recording', 'finishing']);
export type RecordingState = z.infer<typeof RecordingState>;

export const StartRecordingRequest = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Please enter a meeting title')
    .max(LIMITS.meetingTitleMax, `Title must be at most ${LIMITS.meetingTitleMax} characters`),
  /** The MediaRecorder's type, e.g. `audio/webm;codecs=opus`. */
  mimeType: z
    .string()
    .trim()
    .max(100)
    .refine((m) => /^audio\/(webm|ogg|mp4|wav|x-wav)\b/i.test(m), 'Unsupported recording format'),
  /**
   * 'call': the microphone on the left channel and a browser tab's audio (the call) on the right; each
   * side is transcribed alone and the left side is the person recording (docs/decisions/241).
   * 'microphone' (default): the microphone alone.
   */
  source: z.enum(['microphone', 'call']).optional(),
});
export type StartRecordingRequest = z.infer<typeof StartRecordingRequest>;

export const RecordingParams = z.object({ meetingId: Id });
export const RecordingChunkParams = RecordingParams.extend({
  seq: z.coerce.number().int().min(0).max(RECORDING_CHUNK.maxSeq),
});

export const ChunkReceipt = z.object({
  seq: z.number().int(),
  /** Chunks the server holds for this recording. */
  chunks: z.number().int(),
});
export type ChunkReceipt = z.infer<typeof ChunkReceipt>;
export const ChunkReceiptResponse = success(ChunkReceipt);

export const FinishRecordingRequest = z.object({
  /** How many chunks the browser made (0..chunks-1); the finish waits (409) until all have arrived. */
  chunks: z
    .number()
    .int()
    .min(1)
    .max(RECORDING_CHUNK.maxSeq + 1),
});
export type FinishRecordingRequest = z.infer<typeof FinishRecordingRequest>;

/** A piece of the live transcript; `final: false` is the words of a phrase still being said. */
export const LiveSegment = z.object({
  /**
   * In a call (source 'call'): whose words, each side heard on its own (docs/decisions/250): 0 the
   * microphone (the person recording), 1 the call's tab (the other party). Absent in any other recording.
   */
  side: z.union([z.literal(0), z.literal(1)]).optional(),
  startTime: z.number().min(0),
  endTime: z.number().min(0),
  text: z.string(),
  final: z.boolean(),
});
export type LiveSegment = z.infer<typeof LiveSegment>;

/** The state the live stream sends (`transcript` events) and GET .../live returns. */
export const LiveTranscript = z.object({
  meetingId: Id,
  /** null once the recording is finished (the full transcription takes over). */
  recordingState: RecordingState.nullable(),
  /** Seconds of audio the server has received. */
  receivedSeconds: z.number().min(0),
  segments: z.array(LiveSegment),
  /** In a call: the name side 0 is shown under, the person recording's (as in the final transcript). */
  recorder: z.string().optional(),
  updatedAt: IsoDate,
});
export type LiveTranscript = z.infer<typeof LiveTranscript>;
export const LiveTranscriptResponse = success(LiveTranscript);

/** Events of GET /api/meetings/{meetingId}/live/stream. */
export const LiveStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('transcript'), transcript: LiveTranscript }),
  z.object({ type: z.literal('complete') }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type LiveStreamEvent = z.infer<typeof LiveStreamEvent>;
