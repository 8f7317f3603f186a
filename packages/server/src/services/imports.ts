import type { CreateMeetingFields } from '@parley/contract';
import type { z } from 'zod';
import type { CpuPool } from '../cpu/index.ts';
import type { Db } from '../db/database.ts';
import type { PagedTranscript } from '../imports/paged.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { newId, nowIso } from '../lib/ids.ts';
import { type Pages, readPages } from '../lib/pages.ts';
import { presentMeeting } from '../presenters/index.ts';
import type { actionItemsRepository, NewActionItem } from '../repositories/action-items.ts';
import type { MeetingRow, meetingsRepository } from '../repositories/meetings.ts';
import type { peopleRepository } from '../repositories/people.ts';
import type { ImportedSegment, transcriptionsRepository } from '../repositories/transcriptions.ts';
import type { usageRepository } from '../repositories/usage.ts';
import type { SemanticSearch } from '../search/semantic/index.ts';
import { removeFile } from '../storage/remove-file.ts';
import type { AudioStorage } from '../storage/storage.ts';
import { FIRST_STATES } from './meeting-lifecycle.ts';
import { type MeetingsService, newMeetingRow, type ReceivedAudio } from './meetings.ts';
import { madeBy } from './recorder.ts';
import type { StorageRoom } from './storage-room.ts';

interface Deps {
  db: Db;
  meetings: ReturnType<typeof meetingsRepository>;
  transcriptions: ReturnType<typeof transcriptionsRepository>;
  actionItems: ReturnType<typeof actionItemsRepository>;
  people: ReturnType<typeof peopleRepository>;
  usage: ReturnType<typeof usageRepository>;
  storage: AudioStorage;
  room: StorageRoom;
  log: { warn: (obj: object, msg: string) => void };
  cpu: CpuPool;
  meetingsService: Pick<MeetingsService, 'removeHidden'>;
  /** Absent when embeddings are off. */
  semantic?: Pick<SemanticSearch, 'queueEmbedding'>;
}

export interface ReceivedTranscript {
  fileName: string;
  text: string;
}

/** What an import writes; segments and items are read a page at a time as they are written. */
interface ImportPlan {
  segments: Iterable<ImportedSegment[]>;
  actionItems: Iterable<NewActionItem[]>;
  summary: string | null;
  description: string | null;
  lastEndMs: number;
}

type PersonRef = { _id?: string; name: string } | null;

/** Each page of `pages` as `each` makes it, read when the writer comes to it. */
function* map<T, U>(pages: Pages<T>, each: (item: T) => U): Generator<U[]> {
  for (const page of readPages(pages)) yield page.map(each);
}

export function importsService({
  db,
  meetings,
  transcriptions,
  actionItems,
  people,
  usage,
  storage,
  room,
  log,
  cpu,
  semantic,
  meetingsService,
}: Deps) {
  /** Parsed in a CPU thread (10 MB of JSON or cues takes a while); 400 on transcriptFile, naming the line at fault. */
  async function parseOrReject(
    userId: string,
    file: ReceivedTranscript,
    signal?: AbortSignal,
  ): Promise<PagedTranscript> {
    const outcome = await cpu.run(
      'parseTranscript',
      { fileName: file.fileName, text: file.text },
      { owner: userId, signal },
    );
    if (outcome.ok) return outcome.transcript;
    throw badRequest(`The transcript could not be read. ${outcome.message}`, [
      { path: 'transcriptFile', message: outcome.message },
    ]);
  }

  /**
   * People in a Parley export are linked again where they exist for this user: by id (the same
   * account), else by a name that only one of the user's people has (another account or server).
   */
  async function peopleResolver(userId: string) {
    const { rows } = await people.listForUser(userId, { limit: 100_000, offset: 0 });
    const byId = new Map(rows.map((row) => [row.id, row.id]));
    const byName = new Map<string, string | null>();
    for (const row of rows) {
      const key = row.name.trim().toLowerCase();
      byName.set(key, byName.has(key) ? null : row.id);
    }
    return (ref: PersonRef): string | null => {
      if (!ref) return null;
      if (ref._id && byId.has(ref._id)) return ref._id;
      return byName.get(ref.name.trim().toLowerCase()) ?? null;
    };
  }

  async function plan(userId: string, parsed: PagedTranscript): Promise<ImportPlan> {
    const { summary, description, lastEndMs } = parsed;
    if (parsed.kind === 'cues') {
      const segments = parsed.segments;
      return {
        segments: map(segments, (cue) => ({ ...cue, personId: null, isEdited: false })),
        actionItems: [],
        summary,
        description,
        lastEndMs,
      };
    }
    const resolve = await peopleResolver(userId);
    return {
      segments: map(parsed.segments, (segment) => ({
        speaker: segment.speaker,
        text: segment.text,
        startMs: segment.startTime,
        endMs: segment.endTime,
        personId: resolve(segment.person),
        isEdited: segment.isEdited,
      })),
      actionItems: map(parsed.actionItems, (item) => ({
        task: item.task,
        context: item.context,
        contextStartMs: item.contextStartTime,
        assignee: item.assignee,
        personId: resolve(item.person),
        dueDate: item.dueDate,
        status: item.status,
        source: 'imported' as const,
      })),
      summary,
      description,
      lastEndMs,
    };
  }

  /**
   * Writes the meeting invisible (hidden_since set), its segments and items in many short
   * transactions, then makes it visible in a last small one with its usage and embedding job: no single
   * COMMIT holds SQLite's thread for long, and a user sees the whole meeting or nothing
   * (docs/decisions/191). Whatever fails on the way, what was written is removed again.
   */
  async function write(row: MeetingRow, imported: ImportPlan, audio: ReceivedAudio | undefined, signal?: AbortSignal) {
    const { id, user_id: userId } = row;
    await db.transaction().execute(async (trx) => {
      // The recording's bytes count from the row that names them (decision 202).
      if (audio) await room.assertRoomIn(trx, userId, audio.size);
      await meetings.insert(trx, { ...row, hidden_since: nowIso() });
    });
    try {
      await transcriptions.insertImported(userId, id, imported.segments, signal);
      for (const page of imported.actionItems) {
        signal?.throwIfAborted();
        await actionItems.insertMany(userId, id, page);
      }
      signal?.throwIfAborted();
      await db.transaction().execute(async (trx) => {
        // False when the project (and so the meeting) was deleted meanwhile.
        if (!(await meetings.finishImport(trx, userId, id))) throw notFound('Project');
        await semantic?.queueEmbedding(trx, { userId, meetingId: id });
        // The importer's meter, whoever holds the project (decision 220).
        if (audio) await usage.record(trx, { userId: madeBy(row), meetingId: id, seconds: audio.durationSeconds });
      });
    } catch (error) {
      await meetingsService
        .removeHidden(userId, id, null)
        .catch((err) => log.warn({ err, meetingId: id }, 'an import that failed was not removed; the sweep will'));
      throw error;
    }
  }

  return {
    /**
     * A meeting made from a transcript (and, optionally, its recording): completed at once with the
     * imported segments, no recognition job. Only recorded audio counts toward the monthly usage
     * (docs/decisions/071-transcript-imports.md). All or nothing for the user (decision 191); `signal`
     * (the client went away) stops it and removes what was written.
     */
    async create(
      userId: string,
      projectId: string,
      fields: z.output<typeof CreateMeetingFields>,
      transcript: ReceivedTranscript,
      audio?: ReceivedAudio,
      signal?: AbortSignal,
      importerId = userId,
    ) {
      try {
        const parsed = await parseOrReject(userId, transcript, signal);
        const itemPages = parsed.actionItems?.ends.length ?? 0;
        const imported = await plan(userId, parsed);
        signal?.throwIfAborted();
        const id = newId();
        const audioKey = audio?.key ?? null;
        const hasItems = itemPages > 0;
        const row: MeetingRow = {
          ...newMeetingRow({ id, userId, projectId, fields, audio, audioKey, createdBy: importerId }),
          description: imported.description,
          duration_ms: audio ? Math.round(audio.durationSeconds * 1000) : imported.lastEndMs,
          ...FIRST_STATES.import,
          transcription_progress: 100,
          summary: imported.summary,
          action_items_status: hasItems ? 'completed' : 'not_started',
          action_items_progress: hasItems ? 100 : 0,
        };
        await write(row, imported, audio, signal);
        return presentMeeting(row);
      } catch (error) {
        // The recording was stored as it arrived: without the meeting it belongs to nothing.
        if (audio) await removeFile(storage, audio.key, log, 'audio of a meeting not created');
        throw error;
      }
    },
  };
}

export type ImportsService = ReturnType<typeof importsService>;
