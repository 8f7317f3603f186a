import type { Transcribe } from '../audio/pipeline/transcriber.ts';
import type { Db } from '../db/database.ts';
import { progressWriter } from '../jobs/progress.ts';
import { type JobContext, PermanentJobError } from '../jobs/worker.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { recordingsRepository } from '../repositories/recordings.ts';
import type { transcriptionsRepository } from '../repositories/transcriptions.ts';
import type { usageRepository } from '../repositories/usage.ts';
import type { SemanticSearch } from '../search/semantic/index.ts';
import type { AudioStorage } from '../storage/storage.ts';
import { meetingLifecycle } from './meeting-lifecycle.ts';
import { madeBy, type RecorderDeps, recorderOf } from './recorder.ts';
import type { WebhookEvents } from './webhooks.ts';

interface Deps extends RecorderDeps {
  db: Db;
  meetings: ReturnType<typeof meetingsRepository>;
  recordings: ReturnType<typeof recordingsRepository>;
  transcriptions: ReturnType<typeof transcriptionsRepository>;
  usage: ReturnType<typeof usageRepository>;
  storage: AudioStorage;
  transcribe: Transcribe;
  events: WebhookEvents;
  /** Absent when embeddings are off. */
  semantic?: Pick<SemanticSearch, 'queueEmbedding'>;
}

/**
 * The transcribe-meeting job's work: a meeting's audio becomes its transcript (built by the worker,
 * which alone loads the transcription engine).
 */
export function transcribingService(deps: Deps) {
  const { db, meetings, transcriptions, usage, storage, transcribe, events, semantic } = deps;
  const lifecycle = meetingLifecycle(deps);

  return {
    async transcribe(meetingId: string, { signal, log }: JobContext) {
      const meeting = await meetings.findById(meetingId);
      if (!meeting) return log.info('meeting was deleted; nothing to do');
      if (meeting.transcription_status === 'completed') return;
      if (!meeting.audio_key) throw new PermanentJobError('The meeting has no recording');

      await lifecycle.transcriptionStarted(db, meetingId);
      const progress = progressWriter(
        (percent) => meetings.updateById(db, meetingId, { transcription_progress: percent }),
        log,
      );
      const onProgress = progress.report;

      const audioKey = meeting.audio_key;
      // a call recorded in Parley: microphone left, the call's tab right, each side heard alone (decision 241)
      const call = meeting.recording_source === 'call';
      const result = await storage.withLocalFile(
        audioKey,
        (path) => transcribe(path, { onProgress, signal, ...(call && { channels: 'sides' as const }) }),
        { signal },
      );
      const recorder = call && result.sides ? await recorderOf(deps, meeting) : undefined;
      if (result.diarization === 'failed') {
        log.warn({ error: result.diarizationError }, 'speaker separation failed; transcript kept with one speaker');
      }

      await progress.flush();
      await db.transaction().execute(async (trx) => {
        // Segments are replaced as a whole, so a job that runs twice never duplicates them.
        // A chunked recording reopened by late chunks (decision 150) has new audio on its way: this
        // transcription of the shorter one is dropped, the next job writes the whole.
        if (!(await meetings.sameAudio(trx, meetingId, meeting.audio_size))) return;
        await transcriptions.replaceForMeeting(
          trx,
          meeting.user_id,
          meetingId,
          result.segments.map((s) => ({
            // the microphone's side of a call is the person recording
            ...(recorder && result.sides![0].includes(s.speaker)
              ? { speaker: recorder.name, personId: recorder.personId }
              : { speaker: s.speaker }),
            text: s.text,
            startMs: s.startTime * 1000,
            endMs: s.endTime * 1000,
            voice: s.voice,
          })),
        );
        await semantic?.queueEmbedding(trx, { userId: meeting.user_id, meetingId });
        // The upload was measured from packet times; the decoded sample count is exact. Usage follows
        // the exact figure, in the month the meeting was recorded.
        const correction = Math.round(result.durationSeconds) - Math.round(Number(meeting.duration_ms) / 1000);
        if (correction !== 0) {
          await usage.record(trx, {
            userId: madeBy(meeting),
            meetingId,
            seconds: correction,
            at: new Date(meeting.created_at),
          });
        }
        await lifecycle.transcribed(trx, meetingId, {
          duration_ms: Math.round(result.durationSeconds * 1000),
          // more than two are heard as one mix; the meeting says so (decision 271)
          audio_channels: result.channels ?? null,
        });
        const done = await meetings.findById(meetingId, trx);
        if (done) await events.emit(trx, 'meeting.transcribed', done);
      });
      log.info({ segments: result.segments.length, audioSeconds: result.durationSeconds }, 'meeting transcribed');
    },

    /** Every attempt failed: the meeting shows why. */
    async failed(meetingId: string, error: Error) {
      await db.transaction().execute(async (trx) => {
        if (!(await lifecycle.transcriptionFailed(trx, meetingId, userFacing(error)))) return;
        const failed = await meetings.findById(meetingId, trx);
        if (failed) await events.emit(trx, 'meeting.failed', failed);
      });
    },
  };
}

export type TranscribingService = ReturnType<typeof transcribingService>;

function userFacing(error: Error): string {
  const message = error.message || 'Transcription failed';
  return message.length > 500 ? `${message.slice(0, 497)}...` : message;
}
