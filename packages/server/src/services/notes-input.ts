import type { NotesInput } from '../ai/types.ts';
import type { MeetingRow } from '../repositories/meetings.ts';
import type { peopleRepository } from '../repositories/people.ts';
import type { transcriptionsRepository } from '../repositories/transcriptions.ts';

interface Deps {
  transcriptions: ReturnType<typeof transcriptionsRepository>;
  people: ReturnType<typeof peopleRepository>;
}

const CONTACTS_FOR_MATCHING = 5000;

/**
 * What the notes engines read for a meeting: its whole transcript, its date and the names of its holder's
 * contacts (names only, decision 291: the notes are read by every member of a shared project).
 */
export async function loadNotesInput({ transcriptions, people }: Deps, meeting: MeetingRow): Promise<NotesInput> {
  const [rows, contacts] = await Promise.all([
    transcriptions.listAllForMeeting(meeting.user_id, meeting.id),
    people.namesByName(meeting.user_id, CONTACTS_FOR_MATCHING),
  ]);
  const segments = rows.map((row) => ({
    speaker: row.speaker,
    personId: row.person_id,
    personName: row.person_name,
    text: row.text,
    startMs: Number(row.start_ms),
    endMs: Number(row.end_ms),
  }));
  return {
    title: meeting.title,
    meetingDate: new Date(meeting.created_at),
    ...(Number(meeting.duration_ms) > 0 ? { durationMs: Number(meeting.duration_ms) } : {}),
    language: guessLanguage(opening(segments.map((s) => s.text))),
    segments,
    people: contacts.map((p) => ({ id: p.id, name: p.name })),
  };
}

const ENGLISH_MARKERS = new Set([
  'the',
  'and',
  'to',
  'of',
  'a',
  'i',
  'you',
  'it',
  'that',
  'is',
  'we',
  'in',
  'this',
  'so',
]);

/** The first 2,000 words are all the guess reads: the start of the transcript, not all of it joined. */
const SAMPLE_CHARS = 40_000;
function opening(texts: string[]): string {
  let sample = '';
  for (const text of texts) {
    if (sample.length >= SAMPLE_CHARS) break;
    sample += `${text} `;
  }
  return sample.slice(0, SAMPLE_CHARS);
}

/** Transcripts are English with the local engine; a remote one may return any language, which prompts then keep. */
function guessLanguage(text: string): string {
  const sample =
    text
      .toLowerCase()
      .match(/[\p{L}']+/gu)
      ?.slice(0, 2000) ?? [];
  if (sample.length === 0) return 'English';
  const english = sample.filter((w) => ENGLISH_MARKERS.has(w)).length / sample.length;
  return english >= 0.12 ? 'English' : 'the same language as the transcript';
}
