import type { CreateMeetingFields, ParsedMeetingExport } from '@parley/contract';
import type { z } from 'zod';
import type { CpuPool } from '../cpu/index.ts';
import type { Db } from '../db/database.ts';
import type { ParsedTranscript } from '../imports/parse.ts';
import { badRequest } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { presentMeeting } from '../presenters/index.ts';
import type { actionItemsRepository, NewActionItem } from '../repositories/action-items.ts';
import type { MeetingRow, meetingsRepository } from '../repositories/meetings.ts';
import type { peopleRepository } from '../repositories/people.ts';
import type { ImportedSegment, transcriptionsRepository } from '../repositories/transcriptions.ts';
import type { usageRepository } from '../repositories/usage.ts';
import type { SemanticSearch } from '../search/semantic/index.ts';
import type { AudioStorage } from '../storage/storage.ts';
import { newMeetingRow, type ReceivedAudio } from './meetings.ts';

interface Deps {
  db: Db;
  meetings: ReturnType<typeof meetingsRepository>;
  transcriptions: ReturnType<typeof transcriptionsRepository>;
  actionItems: ReturnType<typeof actionItemsRepository>;
  people: ReturnType<typeof peopleRepository>;
  usage: ReturnType<typeof usageRepository>;
  storage: AudioStorage;
  log: { warn: (obj: object, msg: string) => void };
  cpu: CpuPool;
  /** Absent when embeddings are off. */
  semantic?: Pick<SemanticSearch, 'queueEmbedding'>;
}

export interface ReceivedTranscript {
  fileName: string;
  text: string;
}

interface ImportPlan {
  segments: ImportedSegment[];
  summary: string | null;
  description: string | null;
  actionItems: NewActionItem[];
}

type PersonRef = { _id?: string; name: string } | null;

export function importsService({
  db,
  meetings,
  transcriptions,
  actionItems,
  people,
  usage,
  storage,
  log,
  cpu,
  semantic,
}: Deps) {
  /** Parsed in a CPU thread (10 MB of JSON or cues takes a while); 400 on transcriptFile, naming the line at fault. */
  async function parseOrReject(file: ReceivedTranscript): Promise<ParsedTranscript> {
    const outcome = await cpu.run('parseTranscript', { fileName: file.fileName, text: file.text });
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

  async function planFromExport(userId: string, data: ParsedMeetingExport): Promise<ImportPlan> {
    const resolve = await peopleResolver(userId);
    return {
      segments: data.segments.map((segment) => ({
        speaker: segment.speaker,
        text: segment.text,
        startMs: segment.startTime,
        endMs: segment.endTime,
        personId: resolve(segment.person),
        isEdited: segment.isEdited,
      })),
      summary: data.meeting.summary,
      description: data.meeting.description,
      actionItems: data.actionItems.map((item) => ({
        task: item.task,
        context: item.context,
        contextStartMs: item.contextStartTime,
        assignee: item.assignee,
        personId: resolve(item.person),
        dueDate: item.dueDate,
        status: item.status,
        source: 'imported',
      })),
    };
  }

  async function plan(userId: string, parsed: ParsedTranscript): Promise<ImportPlan> {
    if (parsed.kind === 'parley') return planFromExport(userId, parsed.export);
    return {
      segments: parsed.cues.map((cue) => ({ ...cue, personId: null, isEdited: false })),
      summary: null,
      description: null,
      actionItems: [],
    };
  }

  return {
    /**
     * A meeting made from a transcript (and, optionally, its recording): completed at once with the
     * imported segments, no recognition job. Only recorded audio counts toward the monthly usage
     * (docs/decisions/071-transcript-imports.md). The rows go in one transaction.
     */
    async create(
      userId: string,
      projectId: string,
      fields: z.output<typeof CreateMeetingFields>,
      transcript: ReceivedTranscript,
      audio?: ReceivedAudio,
    ) {
      try {
        const imported = await plan(userId, await parseOrReject(transcript));
        const id = newId();
        const lastCueEnd = imported.segments.reduce((end, segment) => Math.max(end, segment.endMs), 0);
        const audioKey = audio?.key ?? null;
        const hasItems = imported.actionItems.length > 0;
        const row: MeetingRow = {
          ...newMeetingRow({ id, userId, projectId, fields, audio, audioKey }),
          description: imported.description,
          duration_ms: audio ? Math.round(audio.durationSeconds * 1000) : lastCueEnd,
          transcription_status: 'completed',
          transcription_progress: 100,
          summary: imported.summary,
          action_items_status: hasItems ? 'completed' : 'not_started',
          action_items_progress: hasItems ? 100 : 0,
        };
        await db.transaction().execute(async (trx) => {
          await meetings.insert(trx, row);
          await transcriptions.insertImported(trx, userId, id, imported.segments);
          await semantic?.queueEmbedding(trx, { userId, meetingId: id });
          await actionItems.insertMany(userId, id, imported.actionItems, trx);
          if (audio) await usage.record(trx, { userId, meetingId: id, seconds: audio.durationSeconds });
        });
        return presentMeeting(row);
      } catch (error) {
        // The recording was stored as it arrived: without the meeting it belongs to nothing.
        if (audio)
          await storage
            .delete(audio.key)
            .catch((err) => log.warn({ err, audioKey: audio.key }, 'audio of a meeting not created was not removed'));
        throw error;
      }
    },
  };
}

export type ImportsService = ReturnType<typeof importsService>;
