import type { ExportQuery } from '@parley/contract';
import type { CpuPool } from '../cpu/index.ts';
import type { DocumentPerson, MeetingDocument, RenderOptions } from '../exports/document.ts';
import { attachmentDisposition } from '../exports/file-name.ts';
import { CONTENT_TYPES } from '../exports/render.ts';
import { notFound } from '../lib/errors.ts';
import { nextTurn } from '../lib/next-turn.ts';
import { pagesFrom } from '../lib/pages.ts';
import { type LinkedPersonColumns, linkedPersonCompany } from '../presenters/index.ts';
import type { actionItemsRepository } from '../repositories/action-items.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { SegmentRow, transcriptionsRepository } from '../repositories/transcriptions.ts';

interface Deps {
  /** PUBLIC_URL, when set: the address of the app's pages in exported links. */
  publicUrl: string | null;
  meetings: ReturnType<typeof meetingsRepository>;
  transcriptions: ReturnType<typeof transcriptionsRepository>;
  actionItems: ReturnType<typeof actionItemsRepository>;
  cpu: CpuPool;
}

/** Segments or items read and serialised a page at a time when the document goes to its CPU thread. */
const DOCUMENT_PAGE = 500;

/** The linked person as the reader of the export sees it: the company only of their own contact (issue 37). */
const personOf = (row: LinkedPersonColumns, viewerId: string) =>
  row.person_id && row.person_name !== null
    ? ({
        id: row.person_id,
        name: row.person_name,
        company: linkedPersonCompany(row, viewerId),
      } satisfies DocumentPerson)
    : null;

export function exportsService({ publicUrl, meetings, transcriptions, actionItems, cpu }: Deps) {
  type ItemRow = Awaited<ReturnType<typeof actionItems.listByMeeting>>['rows'][number];
  const segmentOf = (row: SegmentRow, viewerId: string): MeetingDocument['segments'][number] => ({
    speaker: row.speaker,
    person: personOf(row, viewerId),
    text: row.text,
    startMs: Number(row.start_ms),
    endMs: Number(row.end_ms),
    isEdited: Boolean(row.is_edited),
  });
  const itemOf = (row: ItemRow, viewerId: string): MeetingDocument['actionItems'][number] => ({
    task: row.task,
    context: row.context,
    contextStartMs: row.context_start_ms === null ? null : Number(row.context_start_ms),
    assignee: row.assignee,
    person: personOf(row, viewerId),
    dueDate: row.due_date,
    status: row.status as MeetingDocument['actionItems'][number]['status'],
  });

  /** The meeting's segments as a document's, a page at a time (an import brings 20,000). */
  async function* segmentPages(userId: string, meetingId: string, viewerId: string) {
    for await (const rows of transcriptions.pagesForMeeting(userId, meetingId, DOCUMENT_PAGE)) {
      yield rows.map((row) => segmentOf(row, viewerId));
    }
  }

  /** Every action item as a document's, a page at a time with a turn of the event loop between (20,000 at most). */
  async function* itemPages(userId: string, meetingId: string, viewerId: string) {
    let read = 0;
    for (let page = 1; ; page++) {
      if (page > 1) await nextTurn();
      const { rows, total } = await actionItems.listByMeeting(userId, meetingId, page, DOCUMENT_PAGE);
      yield rows.map((row) => itemOf(row, viewerId));
      read += rows.length;
      if (rows.length < DOCUMENT_PAGE || read >= total) return;
    }
  }

  async function findMeeting(userId: string, meetingId: string) {
    const meeting = await meetings.findForUser(userId, meetingId);
    if (!meeting) throw notFound('Meeting');
    return meeting;
  }

  const meetingFields = (meeting: Awaited<ReturnType<typeof findMeeting>>) => ({
    title: meeting.title,
    description: meeting.description,
    createdAt: meeting.created_at,
    durationMs: Number(meeting.duration_ms),
    summary: meeting.summary,
  });

  return {
    /** The file for one format: its bytes, content type and a download name taken from the title. */
    /** `origin` (the request's) gives the links' address when PUBLIC_URL is not set; `viewerId`: who exports. */
    async exportMeeting(
      userId: string,
      meetingId: string,
      query: ExportQuery,
      origin: string,
      viewerId: string,
      signal?: AbortSignal,
    ) {
      const meeting = await findMeeting(userId, meetingId);
      const meetingUrl = `${publicUrl ?? origin}/projects/${encodeURIComponent(meeting.project_id)}/meetings/${encodeURIComponent(meetingId)}`;
      const options: RenderOptions = { timeZone: query.tz ?? 'UTC', meetingUrl };
      // Built in a CPU thread: a long meeting's file takes from a moment (text) to seconds (Word). The
      // rows go there serialised a page at a time as they are read (lib/pages.ts), so the main thread
      // never holds a whole meeting's rows nor works on them in one turn, and the bytes move, uncopied.
      const paged = {
        ...meetingFields(meeting),
        segments: await pagesFrom(segmentPages(userId, meetingId, viewerId)),
        actionItems: await pagesFrom(itemPages(userId, meetingId, viewerId)),
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
        disposition: attachmentDisposition(meeting.title || 'Untitled Meeting', query.format),
      };
    },
  };
}

export type ExportsService = ReturnType<typeof exportsService>;
