// The meeting as every export format sees it: rows already scoped to the user, speakers already
// resolved to the People they are linked to. Formatters are pure functions of this.
import { oneLine } from './clean-text.ts';

export interface DocumentPerson {
  id: string;
  name: string;
  company: string | null;
}

export interface DocumentSegment {
  /** The diarization or imported label (kept for the JSON export so it imports back unchanged). */
  speaker: string;
  person: DocumentPerson | null;
  text: string;
  startMs: number;
  endMs: number;
  isEdited: boolean;
}

export interface DocumentActionItem {
  task: string;
  context: string | null;
  contextStartMs: number | null;
  assignee: string | null;
  person: DocumentPerson | null;
  /** ISO text or null. */
  dueDate: string | null;
  status: 'pending' | 'in_progress' | 'completed';
}

export interface MeetingDocument {
  title: string;
  description: string | null;
  createdAt: string;
  durationMs: number;
  summary: string | null;
  segments: DocumentSegment[];
  actionItems: DocumentActionItem[];
}

export interface RenderOptions {
  /** IANA time zone for the dates written in the document. */
  timeZone: string;
  /** The meeting's page, absolute: the summary's time links (`?t=S`) are made to open it outside the app. */
  meetingUrl: string;
}

/** The name a reader sees, on one line: the linked person's name where one is assigned, else the label. */
export const speakerName = (segment: Pick<DocumentSegment, 'speaker' | 'person'>) =>
  oneLine(segment.person?.name ?? segment.speaker);

/** Who owns an action item, on one line: the linked person, else the free-text assignee. */
export const ownerName = (item: Pick<DocumentActionItem, 'assignee' | 'person'>) =>
  (item.person ? oneLine(item.person.name) : null) || (item.assignee ? oneLine(item.assignee) : '') || null;

/** Speakers in the order they first speak. */
export function participants(document: MeetingDocument): string[] {
  return [...new Set(document.segments.map(speakerName))];
}

export const STATUS_LABELS: Record<DocumentActionItem['status'], string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  completed: 'Completed',
};
