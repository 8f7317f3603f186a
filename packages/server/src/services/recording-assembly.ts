import { Readable } from 'node:stream';
import { audioTypeOfFile } from '../audio/decoding/audio-type.ts';
import { checkAudioFile } from '../audio/decoding/ffmpeg.ts';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { type JobContext, PermanentJobError } from '../jobs/worker.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { recordingsRepository } from '../repositories/recordings.ts';
import type { usageRepository } from '../repositories/usage.ts';
import { removeFile } from '../storage/remove-file.ts';
import type { AudioStorage } from '../storage/storage.ts';
import { transcribeJobKey } from './job-keys.ts';
import type { MeetingLifecycle } from './meeting-lifecycle.ts';
import { madeBy } from './recorder.ts';

interface Deps {
  db: Db;
  meetings: ReturnType<typeof meetingsRepository>;
  recordings: ReturnType<typeof recordingsRepository>;
  usage: ReturnType<typeof usageRepository>;
  storage: AudioStorage;
  queue: JobQueue;
  lifecycle: MeetingLifecycle;
  log: { warn: (obj: object, msg: string) => void };
}

const EXTENSIONS: Record<string, string> = { webm: 'webm', ogg: 'ogg', mp4: 'm4a', wav: 'wav', 'x-wav': 'wav' };
const extensionOf = (mime: string | null | undefined) =>
  EXTENSIONS[/^audio\/([\w-]+)/i.exec(mime ?? '')?.[1] ?? ''] ?? 'webm';

/**
 * The chunks, in order, as one stream (what MediaRecorder made, byte for byte). Pulled by its reader:
 * nothing is read, and no error (an abort at shutdown, a missing chunk) is raised, before the store
 * reads it, so a failure reaches the store's pipeline instead of an 'error' event nobody listens to yet
 * (an uncaught exception that ended the process).
 */
function joined(storage: AudioStorage, keys: string[], signal: AbortSignal): Readable {
  async function* chunks() {
    for (const key of keys) {
      signal.throwIfAborted();
      yield* await storage.read(key);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * Puts a chunked recording together (docs/decisions/150-chunked-recording.md), the finish-recording
 * job's work: the chunks in order become the meeting's audio, measured, counted in the usage, and
 * transcribed like an upload. After the user's Stop the chunks are removed; after the server's idle
 * finish they stay, since chunks still waiting in the browser may reopen the recording.
 */
export function recordingAssembly({ db, meetings, recordings, usage, storage, queue, lifecycle, ...deps }: Deps) {
  return {
    async putTogether(meetingId: string, { signal, log }: JobContext) {
      const meeting = await meetings.findById(meetingId);
      if (meeting?.recording_state !== 'finishing') return log.info('recording not being finished; nothing to do');
      const chunks = await recordings.chunks(meetingId);
      if (chunks.length === 0) {
        // Only while still finishing: a chunk may have reopened it since.
        await lifecycle.assemblyFailed(db, meetingId, 'The recording has no audio');
        return;
      }
      const extension = extensionOf(meeting.recording_mime);
      const key = `audio/${meeting.user_id}/${meetingId}.${extension}`;
      const size = chunks.reduce((sum, c) => sum + Number(c.size), 0);
      const { durationSeconds, type } = await storage.store(
        key,
        joined(
          storage,
          chunks.map((c) => c.storage_key),
          signal,
        ),
        async (path) => {
          // Served under what its bytes are, never the type the browser declared at start (decision 200).
          const type = await audioTypeOfFile(path);
          if (!type) throw new PermanentJobError('The recording is not in an audio format Parley serves');
          return { ...(await checkAudioFile(path, { signal })), type };
        },
      );
      const byUser = meeting.recording_finished_by === 'user';
      const done = await db.transaction().execute(async (trx) => {
        const current = await recordings.recordingStateIn(trx, meetingId);
        if (current?.recording_state !== 'finishing') return false; // deleted, or reopened by a late chunk
        // Written only if no chunk reopened it meanwhile (a chunk being written holds the row until then).
        const finished = await lifecycle.assembled(trx, meetingId, {
          audio_key: key,
          audio_mime: type.mime,
          audio_size: size,
          audio_name: `recording.${type.extension}`,
          duration_ms: Math.round(durationSeconds * 1000),
        });
        if (!finished) return false;
        // A recording finished again (reopened by late chunks) is counted for what it adds.
        const seconds = Math.round(durationSeconds) - Math.round(Number(current.duration_ms) / 1000);
        if (seconds !== 0)
          await usage.record(trx, {
            userId: madeBy(meeting),
            meetingId,
            seconds,
            at: new Date(meeting.created_at),
          });
        if (byUser) await recordings.deleteChunkRows(trx, meetingId);
        await queue.enqueue(
          trx,
          'transcribe-meeting',
          { meetingId },
          { userId: meeting.user_id, idempotencyKey: transcribeJobKey(meetingId) },
        );
        return true;
      });
      if (done && byUser) {
        for (const c of chunks) await removeFile(storage, c.storage_key, log, 'chunk file', { meetingId });
      }
      log.info(
        { chunks: chunks.length, audioSeconds: durationSeconds, finishedBy: meeting.recording_finished_by },
        'recording put together',
      );
    },

    /**
     * Every attempt failed. Only while still finishing: a recording reopened by a chunk goes on. One that
     * failed keeps none of its chunks (decision 201): its minutes are not counted, so its bytes must not
     * stay either.
     */
    async putTogetherFailed(meetingId: string, error: Error) {
      const dropped = await db.transaction().execute(async (trx) => {
        const message = error.message.slice(0, 500) || 'The recording could not be put together';
        if (!(await lifecycle.assemblyFailed(trx, meetingId, message))) return [];
        const chunks = await recordings.chunks(meetingId, trx);
        await recordings.deleteChunkRows(trx, meetingId);
        return chunks;
      });
      for (const c of dropped) await removeFile(storage, c.storage_key, deps.log, 'chunk file', { meetingId });
    },
  };
}
