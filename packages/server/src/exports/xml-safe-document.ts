import { xmlText } from './clean-text.ts';
import type { MeetingDocument } from './document.ts';

const xmlOrNull = (text: string | null) => (text === null ? null : xmlText(text));

/** The document with every string XML 1.0 can hold, for the .docx: no field reaches Word unfiltered. */
export function xmlSafeDocument(document: MeetingDocument): MeetingDocument {
  const person = <P extends { name: string; company: string | null } | null>(p: P): P =>
    p && { ...p, name: xmlText(p.name), company: xmlOrNull(p.company) };
  return {
    ...document,
    title: xmlText(document.title),
    description: xmlOrNull(document.description),
    createdAt: xmlText(document.createdAt),
    summary: xmlOrNull(document.summary),
    segments: document.segments.map((segment) => ({
      ...segment,
      speaker: xmlText(segment.speaker),
      person: person(segment.person),
      text: xmlText(segment.text),
    })),
    actionItems: document.actionItems.map((item) => ({
      ...item,
      task: xmlText(item.task),
      context: xmlOrNull(item.context),
      assignee: xmlOrNull(item.assignee),
      person: person(item.person),
      dueDate: xmlOrNull(item.dueDate),
    })),
  };
}
