import { Readable } from 'node:stream';
import { LIMITS, type LiveTranscript, MESSAGES, RECORDING_CHUNK, type StartRecordingRequest } from '@parley/contract';
import { chunkContinues, recordingContainer } from '../audio/live/chunk-container.ts';
import { lastFragmentStart, mp4Timescale } from '../audio/live/mp4-fragments.ts';
import { lastGranule, oggGranuleRate } from '../audio/live/ogg-pages.ts';
import { findClusters } from '../audio/live/webm-clusters.ts';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  payloadTooLarge,
  recordingTooLongMessage,
} from '../lib/errors.ts';
import { newId, nowIso } from '../lib/ids.ts';
import { presentMeeting } from '../presenters/index.ts';
import type { MeetingRow, meetingsRepository } from '../repositories/meetings.ts';
import type { recordingsRepository } from '../repositories/recordings.ts';
import type { usageRepository } from '../repositories/usage.ts';
import { removeFile } from '../storage/remove-file.ts';
import type { AudioStorage } from '../storage/storage.ts';
import { finishRecordingJobKey, liveJobKey } from './job-keys.ts';
import { keptChunks } from './kept-chunks.ts';
import { FIRST_STATES, meetingLifecycle, moved } from './meeting-lifecycle.ts';
import { newMeetingRow } from './meetings.ts';
import type { ProjectsService } from './projects.ts';
import { madeBy, type RecorderDeps, recorderOf } from './recorder.ts';
import { recordingAssembly } from './recording-assembly.ts';
import type { StorageRoom } from './storage-room.ts';
import type { UsersService } from './users.ts';

interface Deps {
  db: Db;
  meetings: ReturnType<typeof meetingsRepository>;
  recordings: ReturnType<typeof recordingsRepository>;
  usage: ReturnType<typeof usageRepository>;
  queue: JobQueue;
  storage: AudioStorage;
  projects: ProjectsService;
  users: UsersService;
  /** The accounts and People, for the name a call's side 0 is shown under. */
  recorder: RecorderDeps;
  room: StorageRoom;
  /** MAX_RECORDING_HOURS in seconds: a recording is refused more audio past it, as an upload is. */
  maxRecordingSeconds: number;
  log: { warn: (obj: object, msg: string) => void };
}

/**
 * The most bytes a second of recorded audio takes: 48 kHz stereo 32-bit float PCM, what Chromium writes
 * for `audio/webm;codecs=pcm` (decision 194).
 */
export const MAX_RECORDED_BYTES_PER_SECOND = 48_000 * 2 * 4;

/**
 * Where one upload of a chunk is kept until the recording is put together: a name of its own, so a
 * resend sent while the first is still on its way never shares a file with it.
 */
export const chunkKey = (userId: string, meetingId: string, seq: number) =>
  `recordings/${userId}/${meetingId}/${String(seq).padStart(6, '0')}-${newId()}.part`;

/**
 * Recording in chunks (docs/decisions/150-chunked-recording.md). The browser starts a recording, sends
 * numbered chunks as they are made (any API process may take any chunk: chunks go to the shared store
 * and the database), and finishes it; the worker puts the chunks together and transcribes the whole,
 * and transcribes the chunks live meanwhile. A recording whose browser went away is finished by the
 * worker after RECORDING_IDLE_MINUTES.
 */
export function recordingsService(deps: Deps) {
  const { db, meetings, recordings, queue, storage, projects, users, room, maxRecordingSeconds, log } = deps;
  const lifecycle = meetingLifecycle(deps);
  const assembly = recordingAssembly({ ...deps, lifecycle });
  const kept = keptChunks(deps);

  const removeChunkFile = (meetingId: string, key: string) =>
    removeFile(storage, key, log, 'chunk file', { meetingId });

  const finishedConflict = () => conflict('This recording is finished: it takes no more audio');

  async function owned(userId: string, meetingId: string): Promise<MeetingRow> {
    const row = await meetings.findForUser(userId, meetingId);
    if (!row || (!row.recording_state && !row.recording_finished_by)) throw notFound('Recording');
    return row;
  }

  /**
   * Whether a chunk may still be added: while recording, and after the server finished a recording
   * whose browser had gone quiet (its waiting chunks arrive later: the recording opens again).
   * After the user's Stop, no. A first answer, before the chunk is stored; `meetings.touchRecording`
   * decides the same rule on the locked row where the chunk is written.
   */
  const acceptsChunks = (row: MeetingRow) =>
    row.recording_state === 'recording' || row.recording_finished_by === 'idle';

  /** Bytes that are not the recording's container are refused before they are stored (decision 201). */
  function assertContinues(row: MeetingRow, seq: number, body: Buffer) {
    const container = recordingContainer(row.recording_mime);
    if (container && chunkContinues(container, seq, body)) return;
    const message =
      seq === 0
        ? `The first chunk does not start a ${container ?? 'supported'} recording`
        : `The chunk does not continue this ${container ?? 'supported'} recording`;
    throw badRequest(message, [{ path: 'body', message }]);
  }

  /**
   * How far into the recording a chunk reaches, from its own time stamps: WebM Cluster time codes (what
   * Chromium and Firefox record), else Ogg granule positions, else fragmented MP4 (Safari): its last
   * fragment's start. Ogg's and MP4's time stamps count in a rate (granules, the track's timescale) that
   * only the first chunk states: it is kept on the row as `recording_timescale`. 0 when the chunk has none.
   */
  function stampedReachOf(row: MeetingRow, body: Buffer): { reachesMs: number; timescale: number | null } {
    const clusters = findClusters(body);
    if (clusters.length > 0) return { reachesMs: clusters[clusters.length - 1]!.timeMs, timescale: null };
    const granule = lastGranule(body);
    const [ticks, timescale] =
      granule !== null
        ? [Number(granule), row.recording_timescale ?? oggGranuleRate(body)]
        : [lastFragmentStart(body), mp4Timescale(body) ?? row.recording_timescale ?? null];
    if (!timescale || ticks === null) return { reachesMs: 0, timescale };
    return { reachesMs: Math.round((ticks / timescale) * 1000), timescale };
  }

  /**
   * How far a chunk takes its recording: its time stamps, but never less than `bytes`, the recording's
   * bytes with it, would last at MAX_RECORDED_BYTES_PER_SECOND (decision 194: chunks without time stamps
   * meet the limits too).
   */
  const reachWith = (stampedMs: number, bytes: number) =>
    Math.max(stampedMs, Math.floor((bytes / MAX_RECORDED_BYTES_PER_SECOND) * 1000));

  /**
   * The storage a chunk takes until its recording is put together: itself, and as much again for its part
   * of the recording's file; a resend frees what it replaces (decision 202).
   */
  const storageFor = (body: Buffer, replaced: { size: number } | undefined) =>
    2 * (body.length - Number(replaced?.size ?? 0));

  /**
   * The limits an upload meets, for a recording that grows (decisions 108, 193): a chunk that takes it
   * past MAX_RECORDING_HOURS (400) or past the minutes left this month (403, the spec's message) is
   * refused. The minutes are those of whoever records (decision 220), and they count that person's other
   * recordings under way too, in any project. Read once; the check runs before the chunk is stored and
   * again where it is written.
   */
  async function limitsFor(row: MeetingRow) {
    const recorderId = madeBy(row);
    const [quota, elsewhereMs] = await Promise.all([
      users.quota(recorderId),
      recordings.uncountedElsewhere(recorderId, row.id),
    ]);
    // A recording the server finished once (idle) and that goes on is already counted that far: as the
    // row read first says, or the locked row where the chunk is written.
    return (reachesMs: number, durationMs = row.duration_ms) => {
      const counted = Number(durationMs) / 1000;
      if (reachesMs === 0) return;
      if (reachesMs / 1000 > maxRecordingSeconds) {
        const message = recordingTooLongMessage(maxRecordingSeconds);
        throw badRequest(message, [{ path: 'body', message }]);
      }
      if (quota.usedSeconds - counted + (reachesMs + elsewhereMs) / 1000 > quota.monthlyDuration)
        throw forbidden(MESSAGES.monthlyLimitReached(quota.monthlyDuration));
    };
  }

  return {
    /** `recorderId`: who records, when not the project's holder; their meter counts it (decision 220). */
    async start(userId: string, projectId: string, input: StartRecordingRequest, recorderId = userId) {
      await projects.assertOwned(userId, projectId);
      const quota = await users.quota(recorderId);
      // The recorder's other recordings under way have used minutes usage does not show yet (decision 193).
      // A recording that could not keep a second is not started: its first chunk would be refused.
      const elsewhereMs = await recordings.uncountedElsewhere(recorderId);
      if (quota.monthlyDuration - quota.usedSeconds - elsewhereMs / 1000 < LIMITS.minRecordingSeconds)
        throw forbidden(MESSAGES.monthlyLimitReached(quota.monthlyDuration));
      const id = newId();
      const row: MeetingRow = {
        ...newMeetingRow({
          id,
          userId,
          projectId,
          fields: { title: input.title, recordingType: 'direct' },
          audioKey: null,
          createdBy: recorderId,
        }),
        ...FIRST_STATES.recording,
        recording_mime: input.mimeType,
        recording_source: input.source === 'call' ? 'call' : null,
        recording_last_chunk_at: nowIso(),
      };
      await meetings.insert(db, row);
      return presentMeeting(row);
    },

    async putChunk(userId: string, meetingId: string, seq: number, body: Buffer) {
      const row = await owned(userId, meetingId);
      if (!acceptsChunks(row)) throw finishedConflict();
      if (body.length === 0) throw badRequest('The chunk is empty', [{ path: 'body', message: 'No audio' }]);
      if (body.length > RECORDING_CHUNK.maxBytes) throw payloadTooLarge('The chunk is too large');
      assertContinues(row, seq, body);
      const stamped = stampedReachOf(row, body);
      const assertWithinLimits = await limitsFor(row);
      // Refused before it is stored, then checked again where it is written: chunks sent at once do not
      // see each other's bytes until then.
      assertWithinLimits(reachWith(stamped.reachesMs, (await recordings.heldBytes(meetingId, seq)) + body.length));
      await room.assertRoom(userId, storageFor(body, await recordings.findChunk(meetingId, seq)));
      // Each upload under its own name: a resend or a refusal never touches the file another send wrote.
      const key = chunkKey(userId, meetingId, seq);
      await storage.store(key, Readable.from([body]), async () => undefined);
      let chunks = 0;
      let replaced: string | undefined;
      try {
        await db.transaction().execute(async (trx) => {
          // The meeting's row first, locked until the end: one recording's chunks are written one at a
          // time, none after Stop, and none to a meeting being removed (its chunk keys may be read already).
          const locked = await meetings.touchRecording(trx, meetingId);
          if (!locked) {
            const now = await meetings.findById(meetingId, trx);
            if (now && !now.hidden_since) throw finishedConflict();
            throw notFound('Recording');
          }
          const reachesMs = reachWith(
            stamped.reachesMs,
            (await recordings.heldBytes(meetingId, seq, trx)) + body.length,
          );
          assertWithinLimits(reachesMs, locked.duration_ms);
          const replacedRow = await recordings.findChunk(meetingId, seq, trx);
          await room.assertRoomIn(trx, userId, storageFor(body, replacedRow));
          replaced = replacedRow?.storage_key;
          await recordings.putChunk(trx, {
            meeting_id: meetingId,
            user_id: userId,
            seq,
            storage_key: key,
            size: body.length,
          });
          const reopened = locked.recording_state !== 'recording';
          await meetings.updateById(trx, meetingId, {
            recording_reached_ms: Math.max(Number(locked.recording_reached_ms ?? 0), reachesMs),
            ...(stamped.timescale && !locked.recording_timescale ? { recording_timescale: stamped.timescale } : {}),
          });
          if (reopened) await lifecycle.reopen(trx, meetingId);
          // A reopened recording's queued transcription would read the audio without this chunk.
          if (reopened) await queue.cancelForMeeting(trx, meetingId);
          await queue.enqueue(trx, 'live-transcribe', { meetingId }, { userId, idempotencyKey: liveJobKey(meetingId) });
          chunks = await recordings.countChunks(trx, meetingId);
        });
      } catch (err) {
        await removeChunkFile(meetingId, key);
        throw err;
      }
      if (replaced) await removeChunkFile(meetingId, replaced);
      return { seq, chunks };
    },

    /**
     * Stop: once every chunk up to `chunks - 1` has arrived (409 naming the missing ones otherwise, so
     * the browser sends them and asks again), the worker puts the recording together. Asking twice is
     * harmless.
     */
    async finish(userId: string, meetingId: string, chunks: number) {
      const row = await owned(userId, meetingId);
      if (row.recording_finished_by === 'user') return presentMeeting(row);
      const have = new Set((await recordings.chunks(meetingId)).map((c) => c.seq));
      const missing: number[] = [];
      for (let seq = 0; seq < chunks && missing.length < 50; seq++) if (!have.has(seq)) missing.push(seq);
      if (missing.length > 0)
        throw new AppError(409, `Chunks missing: ${missing.join(', ')}`, {
          errors: [{ path: 'chunks', message: `missing ${missing.join(', ')}` }],
        });
      await db.transaction().execute(async (trx) => {
        await lifecycle.stop(trx, meetingId);
        // A recording closed meanwhile (its kept chunks gone, decision 263) has its audio: it is not put
        // together again from nothing. The stop above waited for the close to end, so this count sees it.
        if ((await recordings.countChunks(trx, meetingId)) < chunks) throw finishedConflict();
        await queue.enqueue(
          trx,
          'finish-recording',
          { meetingId },
          { userId, idempotencyKey: finishRecordingJobKey(meetingId) },
        );
      });
      return presentMeeting(moved('stop', row));
    },

    /** The live transcript as it stands (also what the live stream sends). */
    async live(userId: string, meetingId: string): Promise<LiveTranscript> {
      const row = await meetings.findForUser(userId, meetingId);
      if (!row) throw notFound('Meeting');
      // a call's live words say whose they are (decision 250); any other recording's are one mix
      const call = row.recording_source === 'call';
      const [progress, pieces, recorder] = await Promise.all([
        recordings.liveProgress(meetingId),
        recordings.livePieces(meetingId),
        call ? recorderOf(deps.recorder, row) : undefined,
      ]);
      return {
        meetingId,
        recordingState: (row.recording_state ?? null) as LiveTranscript['recordingState'],
        receivedSeconds: Math.round(Number(progress?.received_ms ?? 0)) / 1000,
        segments: pieces.map((p) => ({
          ...(call && { side: p.side === 1 ? (1 as const) : (0 as const) }),
          startTime: p.startMs / 1000,
          endTime: p.endMs / 1000,
          text: p.text,
          final: p.final,
        })),
        ...(recorder && { recorder: recorder.name }),
        updatedAt: progress?.updated_at ?? row.updated_at,
      };
    },

    /** The worker's sweep: recordings whose browser has been silent for `idleMs` are finished with what arrived. */
    async finishIdle(idleMs: number): Promise<number> {
      const before = new Date(Date.now() - idleMs).toISOString();
      const idle = await recordings.idleRecordings(before);
      for (const { id, user_id } of idle) {
        await db.transaction().execute(async (trx) => {
          const taken = await lifecycle.takeIdle(trx, id, before);
          if (!taken) return; // a chunk came meanwhile, or another worker took it
          await queue.enqueue(
            trx,
            'finish-recording',
            { meetingId: id },
            { userId: user_id, idempotencyKey: finishRecordingJobKey(id) },
          );
        });
      }
      return idle.length;
    },

    /** The retention job's part (decision 263): chunks kept for a browser past `keepMs` go. */
    dropKeptChunks: kept.dropExpired,

    /** The finish-recording job: the chunks put together as the meeting's audio (services/recording-assembly.ts). */
    putTogether: assembly.putTogether,
    putTogetherFailed: assembly.putTogetherFailed,
  };
}

export type RecordingsService = ReturnType<typeof recordingsService>;
