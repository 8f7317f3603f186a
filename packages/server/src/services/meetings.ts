import { type CreateMeetingFields, MESSAGES, type UpdateMeetingRequest } from '@parley/contract';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors.ts';
import { newId, nowIso } from '../lib/ids.ts';
import { presentMeeting } from '../presenters/index.ts';
import { moveMeetingToHolder, segmentTexts } from '../repositories/meeting-holder.ts';
import type { MeetingRow, meetingsRepository } from '../repositories/meetings.ts';
import type { projectsRepository } from '../repositories/projects.ts';
import type { recordingsRepository } from '../repositories/recordings.ts';
import { indexWords } from '../repositories/search-vocabulary.ts';
import type { usageRepository } from '../repositories/usage.ts';
import { removeFile } from '../storage/remove-file.ts';
import type { AudioStorage } from '../storage/storage.ts';
import { transcribeJobKey } from './job-keys.ts';
import { keptChunks } from './kept-chunks.ts';
import { FIRST_STATES } from './meeting-lifecycle.ts';
import type { RemoveHiddenMeeting } from './meeting-removal.ts';
import type { ProjectsService } from './projects.ts';
import type { StorageRoom } from './storage-room.ts';
import type { UsersService } from './users.ts';

interface Deps {
  db: Db;
  meetings: ReturnType<typeof meetingsRepository>;
  recordings: ReturnType<typeof recordingsRepository>;
  projectRows: ReturnType<typeof projectsRepository>;
  usage: ReturnType<typeof usageRepository>;
  queue: JobQueue;
  storage: AudioStorage;
  projects: ProjectsService;
  users: UsersService;
  removeHidden: RemoveHiddenMeeting;
  room: StorageRoom;
  log: { warn: (obj: object, msg: string) => void };
}

const MOVE_WHILE_BUSY =
  'The meeting is still being recorded, transcribed or summarised: move it to that project once it is done';

/** An uploaded recording, already in storage under `key` (delete it if the meeting is not created). */
export interface ReceivedAudio {
  key: string;
  fileName: string;
  mimeType: string;
  size: number;
  /** Measured from the audio by the server, in seconds. */
  durationSeconds: number;
  extension: string;
}

/** A new meeting's row: the upload's audio (when there is one), transcription pending. */
export function newMeetingRow(input: {
  id: string;
  userId: string;
  projectId: string;
  fields: z.output<typeof CreateMeetingFields>;
  audio?: ReceivedAudio;
  audioKey: string | null;
  /** Who records, uploads or imports it, when not the project's holder: their meter counts it (decision 220). */
  createdBy?: string;
}): MeetingRow {
  const { audio } = input;
  const now = nowIso();
  return {
    id: input.id,
    user_id: input.userId,
    project_id: input.projectId,
    title: input.fields.title,
    description: null,
    duration_ms: audio ? Math.round(audio.durationSeconds * 1000) : 0,
    recording_type: input.fields.recordingType ?? 'upload',
    audio_key: input.audioKey,
    audio_mime: audio?.mimeType ?? null,
    audio_size: audio?.size ?? null,
    audio_name: audio?.fileName ?? null,
    ...FIRST_STATES.upload,
    transcription_progress: 0,
    transcription_error: null,
    summary: null,
    action_items_status: 'not_started',
    action_items_progress: 0,
    action_items_error: null,
    created_by: input.createdBy ?? input.userId,
    created_at: now,
    updated_at: now,
  };
}

/**
 * A meeting hidden this long ago and still there was left by a process that stopped mid-way (an import
 * or a removal take seconds); several processes may share the database, so age is the test.
 */
export const HIDDEN_ABANDONED_AFTER_MS = 60 * 60_000;

export function meetingsService(deps: Deps) {
  const { db, meetings, recordings, projectRows, usage, queue, storage, projects, users, removeHidden, room, log } =
    deps;
  const kept = keptChunks(deps);

  /** The recording's file, and the chunks it was put together from if kept for its browser (decision 263). */
  async function removeRecording(userId: string, meetingId: string, audioKey: string) {
    if (!(await meetings.forgetRecording(userId, meetingId, audioKey))) return false;
    await removeFile(storage, audioKey, log, 'recording file', { meetingId });
    await kept.dropFor(meetingId);
    return true;
  }

  async function get(userId: string, id: string): Promise<MeetingRow> {
    const row = await meetings.findForUser(userId, id);
    if (!row) throw notFound('Meeting');
    return row;
  }

  /**
   * A meeting moved to a project another account holds: its rows go under that holder in one transaction
   * (moveMeetingToHolder), its bytes count against the new holder's storage (a 413 when they do not fit),
   * and its words join the new holder's search vocabulary (which only ever grows). Not while work on it
   * is under way (recording, transcription, a summary or action items being written): 409.
   */
  async function moveToHolder(row: MeetingRow, to: string, projectId: string) {
    const busy =
      row.recording_state === 'recording' ||
      row.transcription_status === 'pending' ||
      row.transcription_status === 'processing' ||
      row.action_items_status === 'processing' ||
      (row.summary_lease_until && Date.parse(row.summary_lease_until) > Date.now());
    if (busy) throw conflict(MOVE_WHILE_BUSY);
    const texts = await segmentTexts(db, row.user_id, row.id);
    await db.transaction().execute(async (trx) => {
      const bytes = Number(row.audio_size ?? 0) + (await recordings.heldBytes(row.id, -1, trx));
      await room.assertRoomIn(trx, to, bytes);
      // Changed since it was read (work started on it, or it moved or went meanwhile).
      if (!(await moveMeetingToHolder(trx, row.id, { from: row.user_id, to, projectId }))) {
        throw conflict(MOVE_WHILE_BUSY);
      }
      await indexWords(trx, to, texts);
    });
  }

  /** A meeting addressed through a project path must really be in that project. */
  async function getInProject(userId: string, projectId: string, id: string) {
    const row = await get(userId, id);
    if (row.project_id !== projectId) throw notFound('Meeting');
    return row;
  }

  return {
    get,
    getInProject,

    /**
     * The limits an upload meets, read before its body. The monthly limit applies to recorded audio
     * only, once it is measured and within MAX_RECORDING_HOURS (a 13-hour file is refused as too long
     * even when the month is used up), so a transcript-only import is still possible over the limit
     * (docs/decisions/071-transcript-imports.md).
     */
    async uploadQuota(userId: string, projectId: string, uploaderId = userId) {
      await projects.assertOwned(userId, projectId);
      // The uploader's meter and limits, whoever holds the project (decision 220); the bytes are stored
      // under the project's holder, and count against the holder's storage.
      const [quota, storedBytes] = await Promise.all([users.quota(uploaderId), room.used(userId)]);
      return {
        ...quota,
        /** Once stored, a file the user's storage has no room for is refused (413) before it is measured. */
        assertStored(bytes: number) {
          room.assertFits(storedBytes, bytes);
        },
        /** Once measured, a recording longer than the minutes left is refused too: usage is never overshot. */
        assertAudioFits(durationSeconds: number) {
          if (quota.usedSeconds + durationSeconds > quota.monthlyDuration)
            throw forbidden(MESSAGES.monthlyLimitReached(quota.monthlyDuration));
        },
      };
    },

    async create(
      userId: string,
      projectId: string,
      fields: z.output<typeof CreateMeetingFields>,
      audio: ReceivedAudio,
      uploaderId = userId,
    ) {
      const id = newId();
      const row = newMeetingRow({ id, userId, projectId, fields, audio, audioKey: audio.key, createdBy: uploaderId });
      try {
        await db.transaction().execute(async (trx) => {
          await room.assertRoomIn(trx, userId, audio.size);
          await meetings.insert(trx, row);
          await usage.record(trx, { userId: uploaderId, meetingId: id, seconds: audio.durationSeconds });
          await queue.enqueue(
            trx,
            'transcribe-meeting',
            { meetingId: id },
            { userId, idempotencyKey: transcribeJobKey(id) },
          );
        });
      } catch (error) {
        await removeFile(storage, audio.key, log, 'audio of a meeting not created');
        throw error;
      }
      return presentMeeting(row);
    },

    async listForProject(userId: string, projectId: string) {
      await projects.assertOwned(userId, projectId);
      return (await meetings.listForProject(userId, projectId)).map(presentMeeting);
    },

    async listRecent(userId: string, forUserId: string, limit: number) {
      if (userId !== forUserId) throw forbidden('You can only list your own meetings');
      return (await meetings.listRecent(userId, limit)).map(presentMeeting);
    },

    /**
     * `targetHolderId`: the holder of `input.projectId` when the caller may edit it (the route checked):
     * another account's project takes the meeting's rows with it (decision 220).
     */
    async update(
      userId: string,
      projectId: string,
      id: string,
      input: UpdateMeetingRequest,
      targetHolderId: string = userId,
    ) {
      const row = await getInProject(userId, projectId, id);
      const changes: Partial<MeetingRow> = {};
      let holderId = userId;
      const target = input.projectId !== projectId ? input.projectId : undefined;
      if (target !== undefined && targetHolderId !== userId) {
        await moveToHolder(row, targetHolderId, target);
        holderId = targetHolderId;
      } else if (target !== undefined) {
        await projects.assertOwned(userId, target).catch(() => {
          throw badRequest('The target project does not exist', [{ path: 'projectId', message: 'Project not found' }]);
        });
        changes.project_id = target;
      }
      if (input.title !== undefined) changes.title = input.title;
      if (input.description !== undefined) changes.description = input.description || null;
      await meetings.update(holderId, id, changes);
      return presentMeeting(await get(holderId, id));
    },

    /**
     * "Delete recording, keep transcript" (docs/decisions/173): the row forgets the recording first,
     * then the file goes. Usage already counted stays counted. Refused while the recording is still needed.
     */
    async deleteRecording(userId: string, projectId: string, id: string) {
      const row = await getInProject(userId, projectId, id);
      if (!row.audio_key) throw notFound('Recording');
      if (row.transcription_status === 'pending' || row.transcription_status === 'processing') {
        throw conflict('The recording is still being transcribed; delete it once the transcript is ready');
      }
      await removeRecording(row.user_id, row.id, row.audio_key);
    },

    /** The daily retention job: recordings older than their project's audioRetentionDays. Answers how many went. */
    async applyRetention(now = new Date()) {
      let removed = 0;
      for (const project of await projectRows.withRetention()) {
        const cutoff = new Date(now.getTime() - Number(project.audio_retention_days) * 86_400_000).toISOString();
        for (const row of await meetings.recordingsOlderThan(project.id, cutoff)) {
          if (row.audio_key && (await removeRecording(row.user_id, row.id, row.audio_key))) removed++;
        }
      }
      return removed;
    },

    removeHidden,

    /**
     * Removes the meeting: hidden with its pending jobs cancelled in one small transaction (the user sees
     * it gone at once, never half), then its rows in short statements, then its audio file.
     */
    async delete(userId: string, projectId: string, id: string) {
      const row = await getInProject(userId, projectId, id);
      await db.transaction().execute(async (trx) => {
        if (!(await meetings.hide(trx, userId, id))) throw notFound('Meeting');
        await queue.cancelForMeeting(trx, id);
      });
      await removeHidden(userId, id, row.audio_key);
    },

    /**
     * Removes meetings hidden over HIDDEN_ABANDONED_AFTER_MS ago (an import or a removal whose process
     * stopped); the worker runs it at start and then periodically. Answers how many went.
     */
    async removeAbandoned(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - HIDDEN_ABANDONED_AFTER_MS).toISOString();
      const abandoned = await meetings.hiddenBefore(before);
      for (const row of abandoned) await removeHidden(row.user_id, row.id, row.audio_key);
      return abandoned.length;
    },
  };
}

export type MeetingsService = ReturnType<typeof meetingsService>;
