import type { Meeting } from '@parley/contract';
import { type AiEngine, AiEngineError } from '../ai/index.ts';
import type { Db } from '../db/database.ts';
import { conflict } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { presentMeeting } from '../presenters/index.ts';
import type { MeetingNotesRepository } from '../repositories/meeting-notes.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { peopleRepository } from '../repositories/people.ts';
import type { projectsRepository } from '../repositories/projects.ts';
import type { transcriptionsRepository } from '../repositories/transcriptions.ts';
import type { MeetingsService } from './meetings.ts';
import { loadNotesInput } from './notes-input.ts';
import type { SummaryTemplatesService } from './summary-templates.ts';
import type { WebhookEvents } from './webhooks.ts';

interface Deps {
  meetingsService: MeetingsService;
  meetings: ReturnType<typeof meetingsRepository>;
  meetingNotes: MeetingNotesRepository;
  transcriptions: ReturnType<typeof transcriptionsRepository>;
  people: ReturnType<typeof peopleRepository>;
  ai: AiEngine;
  db: Db;
  events: WebhookEvents;
  summaryTemplates: SummaryTemplatesService;
  projects: ReturnType<typeof projectsRepository>;
  /** How long a lease lasts without renewal; a crashed process blocks a new summary for at most this long. */
  leaseSeconds?: number;
}

export const SUMMARY_IN_PROGRESS = 'A summary is already being generated for this meeting';
export const NOT_TRANSCRIBED = 'The meeting has not been transcribed yet';
export const EMPTY_TRANSCRIPT = 'The transcript is empty: there is nothing to summarise';

export interface SummaryGeneration {
  /** Streams the summary through `onChunk`, saves it and answers the meeting with it. */
  run(signal: AbortSignal, onChunk: (content: string) => void): Promise<Meeting>;
}

export function summaryService(deps: Deps) {
  const { meetingsService, meetings, meetingNotes, ai, db, events } = deps;
  const leaseSeconds = deps.leaseSeconds ?? 60;

  return {
    /**
     * Checks and takes the meeting's generation lease before anything is streamed, so a refusal is
     * an ordinary HTTP error (409) rather than an event in a stream.
     */
    async begin(
      userId: string,
      projectId: string,
      meetingId: string,
      options: { templateId?: string; language?: string },
      /** Who asks: a template asked for is one of theirs (templates are personal, issue 37). */
      callerId: string,
    ): Promise<SummaryGeneration> {
      const meeting = await meetingsService.getInProject(userId, projectId, meetingId);
      if (meeting.transcription_status !== 'completed') throw conflict(NOT_TRANSCRIBED);
      const project = await deps.projects.findForUser(userId, projectId);
      const template = await deps.summaryTemplates.resolve(
        callerId,
        options.templateId,
        project?.summary_template_id ?? null,
      );
      const loaded = await loadNotesInput(deps, meeting);
      const input = { ...loaded, template, language: options.language ?? loaded.language };
      if (input.segments.length === 0) throw conflict(EMPTY_TRANSCRIPT);
      const leaseId = newId();
      if (!(await meetingNotes.acquireSummaryLease(userId, meetingId, leaseId, leaseSeconds))) {
        throw conflict(SUMMARY_IN_PROGRESS);
      }

      return {
        async run(signal, onChunk) {
          const lost = new AbortController();
          const renew = setInterval(
            () =>
              void meetingNotes.renewSummaryLease(meetingId, leaseId, leaseSeconds).then(
                (held) => held || lost.abort(new Error('lost the summary lease')),
                () => {},
              ),
            (leaseSeconds * 1000) / 3,
          );
          let summary = '';
          try {
            for await (const content of ai.streamSummary(input, {
              signal: AbortSignal.any([signal, lost.signal]),
              owner: userId,
            })) {
              summary += content;
              onChunk(content);
            }
            if (!summary.trim()) throw new AiEngineError('The AI model returned an empty summary', { retryable: true });
            if (!(await meetingNotes.saveSummary(meetingId, leaseId, summary.trim(), ai.name))) {
              throw new AiEngineError(
                'The summary could not be saved: the meeting was deleted or another generation took over',
                {
                  retryable: true,
                },
              );
            }
            const saved = await meetings.findForUser(userId, meetingId);
            if (!saved) throw new AiEngineError('The meeting was deleted', { retryable: false });
            // After the save, not in its statement: a crash between the two loses this one event.
            await events.emit(db, 'summary.generated', saved);
            return presentMeeting(saved);
          } finally {
            clearInterval(renew);
            await meetingNotes.releaseSummaryLease(meetingId, leaseId);
          }
        },
      };
    },
  };
}

export type SummaryService = ReturnType<typeof summaryService>;
