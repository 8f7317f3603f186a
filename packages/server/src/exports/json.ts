import { MEETING_EXPORT_FORMAT, MEETING_EXPORT_VERSION, type MeetingExport } from '@parley/contract';
import type { DocumentPerson, MeetingDocument } from './document.ts';

const person = (value: DocumentPerson | null) =>
  value ? { _id: value.id, name: value.name, ...(value.company ? { company: value.company } : {}) } : null;

/** Parley's own format: everything needed to rebuild the meeting, versioned for import. */
export function toMeetingExport(document: MeetingDocument, exportedAt = new Date()): MeetingExport {
  return {
    format: MEETING_EXPORT_FORMAT,
    version: MEETING_EXPORT_VERSION,
    exportedAt: exportedAt.toISOString(),
    meeting: {
      title: document.title,
      description: document.description,
      createdAt: document.createdAt,
      duration: document.durationMs,
      summary: document.summary,
    },
    segments: document.segments.map((segment) => ({
      speaker: segment.speaker,
      person: person(segment.person),
      text: segment.text,
      startTime: segment.startMs,
      endTime: segment.endMs,
      isEdited: segment.isEdited,
    })),
    actionItems: document.actionItems.map((item) => ({
      task: item.task,
      context: item.context,
      contextStartTime: item.contextStartMs,
      assignee: item.assignee,
      person: person(item.person),
      dueDate: item.dueDate,
      status: item.status,
    })),
  };
}

export const renderJson = (document: MeetingDocument) => `${JSON.stringify(toMeetingExport(document), null, 2)}\n`;
