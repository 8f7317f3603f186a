import type { AskRequest, Citation } from '@parley/contract';
import type { AiEngine } from '../ai/index.ts';
import { NOTHING_FOUND } from '../ai/index.ts';
import type { AnswerPassage } from '../ai/types.ts';
import { notFound } from '../lib/errors.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { projectsRepository } from '../repositories/projects.ts';
import type { transcriptionsRepository } from '../repositories/transcriptions.ts';
import type { SearchIndex, SearchScope } from '../search/index.ts';
import { passagesFor } from '../search/passages.ts';

// Questions about the user's meetings (decision 163): the passages that may answer are retrieved from
// the user's own segments (a meeting, a project or everything), then the engine answers from them alone:
// the builtin engine quotes them, a model writes from them and marks each claim with its passage.

interface Deps {
  index: SearchIndex;
  ai: AiEngine;
  meetings: ReturnType<typeof meetingsRepository>;
  projects: ReturnType<typeof projectsRepository>;
  transcriptions: ReturnType<typeof transcriptionsRepository>;
}

/** Passages given to the engine and listed as citations at most. */
export const PASSAGES = 5;
const MARKER = /\[(\d{1,2})\]/g;

export function askService({ index, ai, meetings, projects, transcriptions }: Deps) {
  return {
    /**
     * Checks the scope (404 for another user's meeting or project) and finds the passages, before any
     * answer streams. The answer then runs with `answer(signal, onChunk)`.
     */
    async begin(userId: string, request: AskRequest) {
      let scope: SearchScope = { userId };
      if (request.meetingId) {
        const meeting = await meetings.findForUser(userId, request.meetingId);
        if (!meeting || (request.projectId && meeting.project_id !== request.projectId)) throw notFound('Meeting');
        scope = { userId, meetingId: meeting.id };
      } else if (request.projectId) {
        if (!(await projects.findForUser(userId, request.projectId))) throw notFound('Project');
        scope = { userId, projectId: request.projectId };
      }
      const hits = await passagesFor(index, scope, request.question, PASSAGES);
      const rows = new Map(
        (
          await transcriptions.findManyWithMeetings(
            scope,
            hits.map((h) => h.id),
          )
        ).map((r) => [r.id, r]),
      );
      const found = hits.flatMap((h) => rows.get(h.id) ?? []);
      const citations: Citation[] = found.map((row) => ({
        meetingId: row.meeting_id,
        projectId: row.meeting_project_id,
        transcriptionId: row.id,
        meetingTitle: row.meeting_title,
        speaker: row.person_name ?? row.speaker,
        startTime: row.start_ms,
        text: row.text,
      }));
      const passages: AnswerPassage[] = found.map((row, i) => ({
        marker: i + 1,
        speaker: row.person_name ?? row.speaker,
        meetingTitle: row.meeting_title,
        meetingDate: row.meeting_created_at,
        startMs: row.start_ms,
        text: row.text,
      }));

      return {
        async answer(signal: AbortSignal, onChunk: (text: string) => void) {
          // Nothing matches: said plainly, whatever the engine, and nothing is cited.
          if (passages.length === 0) {
            onChunk(NOTHING_FOUND);
            return { answer: NOTHING_FOUND, citations: [] };
          }
          let answer = '';
          for await (const piece of ai.streamAnswer({ question: request.question, passages }, { signal })) {
            answer += piece;
            onChunk(piece);
          }
          return { answer, citations: cited(answer, citations) };
        },
      };
    },
  };
}

/**
 * The passages the answer marks, in the order first marked; a marker that names no passage is ignored.
 * An answer that marks none (the model found that the passages do not answer) cites nothing.
 */
function cited(answer: string, citations: Citation[]): Citation[] {
  const order = [...new Set([...answer.matchAll(MARKER)].map((m) => Number(m[1]) - 1))].filter(
    (i) => i >= 0 && i < citations.length,
  );
  return order.map((i) => citations[i] as Citation);
}

export type AskService = ReturnType<typeof askService>;
