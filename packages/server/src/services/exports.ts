import type { ExportQuery } from '@parley/contract';
import type { CpuPool } from '../cpu/index.ts';
import type { DocumentPerson, MeetingDocument, RenderOptions } from '../exports/document.ts';
import { attachmentDisposition } from '../exports/file-name.ts';
import { CONTENT_TYPES } from '../exports/render.ts';
import { notFound } from '../lib/errors.ts';
import { nextTurn } from '../lib/next-turn.ts';
import { toPagesInTurns } from '../lib/pages.ts';
import type { actionItemsRepository } from '../repositories/action-items.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { transcriptionsRepository } from '../repositories/transcriptions.ts';

interface Deps {
  /** PUBLIC_URL, when set: the address of the app's pages in exported links. */
  publicUrl: string | null;
  meetings: ReturnType<typeof meetingsRepository>;
  transcriptions: ReturnType<typeof transcriptionsRepository>;
  actionItems: ReturnType<typeof actionItemsRepository>;
  cpu: CpuPool;
}

const ACTION_ITEMS_PAGE = 2000;
/** Segments or items a page when the document goes to its CPU thread (lib/pages.ts). */
const DOCUMENT_PAGE = 500;

const personOf = (row: { person_id: string | null; person_name: string | null; person_company: string | null }) =>
  row.person_id && row.person_name !== null
    ? ({ id: row.person_id, name: row.person_name, company: row.person_company } satisfies DocumentPerson)
    : null;

export function exportsService({ publicUrl, meetings, transcriptions, actionItems, cpu }: Deps) {
  /** Every action item, a page at a time with a turn of the event loop between (an import brings 20,000). */
  async function allActionItems(userId: string, meetingId: string) {
    const rows: Awaited<ReturnType<typeof actionItems.listByMeeting>>['rows'] = [];
    for (let page = 1; ; page++) {
      if (page > 1) await nextTurn();
      const { rows: batch, total } = await actionItems.listByMeeting(userId, meetingId, page, ACTION_ITEMS_PAGE);
      rows.push(...batch);
      if (batch.length < ACTION_ITEMS_PAGE || rows.length >= total) return { rows };
    }
  }

  /** The user's meeting with its whole transcript and action items, speakers resolved to People. */
  async function meetingDocument(
    userId: string,
    meetingId: string,
  ): Promise<{ document: MeetingDocument; projectId: string }> {
    const meeting = await meetings.findForUser(userId, meetingId);
    if (!meeting) throw notFound('Meeting');
    const [segments, items] = await Promise.all([
      transcriptions.listAllForMeeting(userId, meetingId),
      allActionItems(userId, meetingId),
    ]);
    const document: MeetingDocument = {
      title: meeting.title,
      description: meeting.description,
      createdAt: meeting.created_at,
      durationMs: Number(meeting.duration_ms),
      summary: meeting.summary,
      segments: segments.map((row) => ({
        speaker: row.speaker,
        person: personOf(row),
        text: row.text,
        startMs: Number(row.start_ms),
        endMs: Number(row.end_ms),
        isEdited: Boolean(row.is_edited),
      })),
      actionItems: items.rows.map((row) => ({
        task: row.task,
        context: row.context,
        contextStartMs: row.context_start_ms === null ? null : Number(row.context_start_ms),
        assignee: row.assignee,
        person: personOf(row),
        dueDate: row.due_date,
        status: row.status as MeetingDocument['actionItems'][number]['status'],
      })),
    };
    return { document, projectId: meeting.project_id };
  }

  return {
    meetingDocument,

    /** The file for one format: its bytes, content type and a download name taken from the title. */
    /** `origin` (the request's) gives the links' address when PUBLIC_URL is not set. */
    async exportMeeting(userId: string, meetingId: string, query: ExportQuery, origin: string, signal?: AbortSignal) {
      const { document, projectId } = await meetingDocument(userId, meetingId);
      const meetingUrl = `${publicUrl ?? origin}/projects/${encodeURIComponent(projectId)}/meetings/${encodeURIComponent(meetingId)}`;
      const options: RenderOptions = { timeZone: query.tz ?? 'UTC', meetingUrl };
      // Built in a CPU thread: a long meeting's file takes from a moment (text) to seconds (Word).
      // The document goes paged, a page serialised a turn: 20,000 items posted at once held the loop ~50 ms.
      const { segments, actionItems, ...meeting } = document;
      const paged = {
        ...meeting,
        segments: await toPagesInTurns(segments, DOCUMENT_PAGE),
        actionItems: await toPagesInTurns(actionItems, DOCUMENT_PAGE),
      };
      const bytes = await cpu.run(
        'renderExport',
        { format: query.format, document: paged, options },
        { owner: userId, signal },
      );
      const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return {
        body,
        contentType: CONTENT_TYPES[query.format],
        disposition: attachmentDisposition(document.title || 'Untitled Meeting', query.format),
      };
    },
  };
}

export type ExportsService = ReturnType<typeof exportsService>;
