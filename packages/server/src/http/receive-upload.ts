import {
  AUDIO_EXTENSIONS,
  isAcceptedAudioFile,
  MESSAGES,
  TRANSCRIPT_LIMITS,
  TRANSCRIPT_MESSAGES,
  transcriptKindOf,
} from '@parley/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AudioType, audioTypeOfFile } from '../audio/decoding/audio-type.ts';
import { AudioDecodeError, checkAudioFile, probeSampleRate } from '../audio/decoding/ffmpeg.ts';
import { AppError, badRequest, payloadTooLarge, recordingTooLongMessage } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { parse } from '../lib/validation.ts';
import type { ReceivedTranscript } from '../services/imports.ts';
import type { ReceivedAudio } from '../services/meetings.ts';
import { removeFile } from '../storage/remove-file.ts';
import type { AudioStorage } from '../storage/storage.ts';

const EXTENSIONS_BY_SUBTYPE: Record<string, string> = {
  mpeg: 'mp3',
  mp3: 'mp3',
  wav: 'wav',
  'x-wav': 'wav',
  wave: 'wav',
  webm: 'webm',
  ogg: 'ogg',
  mp4: 'm4a',
  m4a: 'm4a',
  'x-m4a': 'm4a',
  aac: 'm4a',
};

/** A 400 whose one issue is on the `audioFile` field. */
const audioFileError = (message: string) => badRequest(message, [{ path: 'audioFile', message }]);

function extensionFor(fileName: string, mimeType: string): string {
  const fromName = fileName.toLowerCase().split('.').pop() ?? '';
  if ((AUDIO_EXTENSIONS as readonly string[]).includes(fromName)) return fromName;
  return EXTENSIONS_BY_SUBTYPE[mimeType.split('/')[1]?.split(';')[0] ?? ''] ?? 'bin';
}

const transcriptFileError = (message: string) => badRequest(message, [{ path: 'transcriptFile', message }]);
const TRANSCRIPT_MIME_TYPES = ['text/vtt', 'application/x-subrip', 'text/srt', 'application/json'];

/** A transcript is text and small: it is read into memory, up to its own size limit. */
async function readTranscript(file: AsyncIterable<Buffer>, fileName: string): Promise<ReceivedTranscript> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Past the limit the rest is read and dropped: leaving the loop early would destroy the part's
  // stream and stall the multipart parser, and the client would never get the 413.
  for await (const chunk of file) {
    size += chunk.length;
    if (size <= TRANSCRIPT_LIMITS.maxBytes) chunks.push(chunk);
  }
  if (size > TRANSCRIPT_LIMITS.maxBytes) throw payloadTooLarge(TRANSCRIPT_MESSAGES.tooLarge);
  const text = new TextDecoder('utf-8').decode(Buffer.concat(chunks));
  if (text.includes('\u0000')) throw transcriptFileError(TRANSCRIPT_MESSAGES.invalidType);
  return { fileName: fileName.slice(0, 255), text };
}

/**
 * Reads a multipart meeting upload: text fields into an object, the `audioFile` part streamed into
 * storage as it arrives (never held in memory) with the user's size limit, then measured with ffmpeg,
 * and the optional `transcriptFile` part (an import) read as text. At least one of the two is
 * required. `afterStore` runs once the audio is stored, and `afterMeasure` once its duration is known
 * and within `maxDurationSeconds` (both throw to refuse it; the stored file is then removed): a recording
 * too long is refused for that (400) before the minutes left are looked at (403), as the README says.
 * Media whose sample rate is outside 8-192 kHz or longer than `maxDurationSeconds` is refused.
 * Whatever goes wrong, the stored recording is removed before the error leaves; on success the
 * caller owns it (`audio.key`) and deletes it if the meeting is not created.
 */
export async function receiveMeetingUpload<S extends z.ZodType>(
  request: FastifyRequest,
  opts: {
    userId: string;
    maxFileSize: number;
    maxDurationSeconds: number;
    storage: AudioStorage;
    fields: S;
    /** Once the file is stored, before it is measured: its size (throw to refuse it). */
    afterStore?: (bytes: number) => void;
    afterMeasure?: (durationSeconds: number) => void;
  },
): Promise<{ fields: z.infer<S>; audio?: ReceivedAudio; transcript?: ReceivedTranscript }> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > opts.maxFileSize + TRANSCRIPT_LIMITS.maxBytes + 1024 * 1024)
    throw payloadTooLarge(MESSAGES.fileTooLarge(opts.maxFileSize));
  assertMultipartContentType(request.headers['content-type']);

  const fields: Record<string, string> = {};
  let audio: ReceivedAudio | undefined;
  let transcript: ReceivedTranscript | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: opts.maxFileSize, files: 2, fields: 10, fieldSize: 10_000 },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname === 'transcriptFile' && !transcript) {
        const name = part.filename ?? '';
        const mime = (part.mimetype ?? '').split(';')[0]!.trim().toLowerCase();
        if (!transcriptKindOf(name) && !TRANSCRIPT_MIME_TYPES.includes(mime)) {
          part.file.resume();
          throw transcriptFileError(TRANSCRIPT_MESSAGES.invalidType);
        }
        transcript = await readTranscript(part.file, name || 'transcript');
        if (part.file.truncated) throw payloadTooLarge(MESSAGES.fileTooLarge(opts.maxFileSize));
        continue;
      }
      if (part.fieldname !== 'audioFile' || audio) {
        part.file.resume();
        continue;
      }
      if (!isAcceptedAudioFile(part.filename ?? '', part.mimetype)) {
        part.file.resume();
        throw audioFileError(MESSAGES.invalidFileType);
      }
      const extension = extensionFor(part.filename ?? '', part.mimetype ?? '');
      const key = `audio/${opts.userId}/${newId()}.${extension}`;
      const file = part.file;
      const { durationSeconds, type } = await opts.storage.store(key, file, async (localCopy) => {
        if (file.truncated) throw payloadTooLarge(MESSAGES.fileTooLarge(opts.maxFileSize));
        if (file.bytesRead === 0) throw audioFileError('The audio file is empty');
        opts.afterStore?.(file.bytesRead);
        const seconds = await measure(localCopy, opts.maxDurationSeconds);
        opts.afterMeasure?.(seconds);
        return { durationSeconds: seconds, type: await servedTypeOf(localCopy) };
      });
      audio = {
        key,
        fileName: (part.filename || 'recording').slice(0, 255),
        // What the bytes are, never what the client declared: the file is served under it (decision 200).
        mimeType: type.mime,
        size: file.bytesRead,
        durationSeconds,
        extension,
      };
    }
    if (!audio && !transcript) throw audioFileError('Please select an audio file');
    return { fields: parse(opts.fields, fields), audio, transcript };
  } catch (error) {
    // The error being reported matters more than a failed clean-up, which is logged.
    if (audio) await removeFile(opts.storage, audio.key, request.log, 'rejected upload');
    throw asUploadError(error, opts.maxFileSize);
  }
}

const NOT_MULTIPART = 'Expected a multipart/form-data upload with an audioFile field';
const MALFORMED =
  'The upload is not a valid multipart/form-data body (it is cut short or its parts do not match the boundary)';

/** Busboy throws plain errors for a missing or empty boundary: refuse those before it sees the body. */
function assertMultipartContentType(header: string | undefined) {
  const [type, ...params] = (header ?? '').split(';').map((s) => s.trim());
  if (type?.toLowerCase() !== 'multipart/form-data') throw badRequest(NOT_MULTIPART);
  const boundary = params.find((p) => p.toLowerCase().startsWith('boundary='))?.slice('boundary='.length);
  const unquoted = boundary?.replace(/^"(.*)"$/, '$1') ?? '';
  // RFC 2046: 1 to 70 characters.
  if (unquoted.length < 1 || unquoted.length > 70) throw badRequest(`${NOT_MULTIPART} and a boundary parameter`);
}

// What busboy and @fastify/multipart raise for a body that does not follow its own boundary.
const MALFORMED_CODES = new Set([
  'FST_MP_PREMATURE_CLOSE',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_PROTO_VIOLATION',
]);
const MALFORMED_MESSAGES = /unexpected end of multipart|terminated early|^multipart:|malformed/i;

/** Maps parser errors to the user's terms; anything else (disk full, a bug) stays a 500. */
function asUploadError(error: unknown, maxFileSize: number): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return payloadTooLarge(MESSAGES.fileTooLarge(maxFileSize));
  if (code === 'FST_FILES_LIMIT')
    return payloadTooLarge('Send at most one audio file and one transcript file per meeting');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return payloadTooLarge('The upload has too many form fields');
  if (MALFORMED_CODES.has(code) || (!('syscall' in error) && MALFORMED_MESSAGES.test(error.message))) {
    return badRequest(MALFORMED);
  }
  return error;
}

/**
 * The type the recording will be served under, from its own bytes: audio ffmpeg decodes but that is none
 * of the served containers (AIFF, AMR, a bare stream) is refused as the wrong file type.
 */
async function servedTypeOf(path: string): Promise<AudioType> {
  const type = await audioTypeOfFile(path);
  if (!type) throw audioFileError(MESSAGES.invalidFileType);
  return type;
}

const MIN_SAMPLE_RATE = 8_000;
const MAX_SAMPLE_RATE = 192_000;

/**
 * Decodes the start of the file (anything that is not audio fails here) and reads its duration from
 * the container's packet times: an hour of audio is checked in well under a second. The worker
 * counts the decoded samples exactly later and corrects the meeting and its usage if they differ.
 */
async function measure(path: string, maxDurationSeconds: number): Promise<number> {
  // A header's sample rate drives how much ffmpeg resamples: a claimed 1 Hz would turn each stored
  // sample into 16,000 decoded ones, so the header is checked before anything is decoded.
  const sampleRate = await probeSampleRate(path);
  if (sampleRate !== undefined && (sampleRate < MIN_SAMPLE_RATE || sampleRate > MAX_SAMPLE_RATE)) {
    throw audioFileError(`The audio's sample rate (${sampleRate} Hz) is outside the supported 8-192 kHz`);
  }
  try {
    const { durationSeconds: seconds } = await checkAudioFile(path);
    if (!(seconds > 0)) throw new AudioDecodeError('empty', 'The file contains no audio');
    if (seconds > maxDurationSeconds) {
      throw audioFileError(recordingTooLongMessage(maxDurationSeconds));
    }
    return seconds;
  } catch (error) {
    if (error instanceof AudioDecodeError) {
      throw audioFileError(`The file could not be read as audio: ${error.message}`);
    }
    throw error;
  }
}
