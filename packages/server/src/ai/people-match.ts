import type { NotesInput, NotesPerson } from './types.ts';

const normalise = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Finds the contact an assignee name refers to: the person a speaker label is assigned to, an exact
 * full name, or a first name that only one contact has. Ambiguous names stay unlinked.
 */
export function matchPerson(name: string | null, input: Pick<NotesInput, 'people' | 'segments'>): NotesPerson | null {
  if (!name) return null;
  const wanted = normalise(name);
  const assigned = input.segments.find((s) => s.personId && normalise(s.speaker) === wanted);
  if (assigned?.personId) {
    const person = input.people.find((p) => p.id === assigned.personId);
    if (person) return person;
  }
  const exact = input.people.filter((p) => normalise(p.name) === wanted);
  if (exact.length === 1) return exact[0]!;
  if (wanted.includes(' ')) return null;
  const byFirstName = input.people.filter((p) => normalise(p.name).split(' ')[0] === wanted);
  return byFirstName.length === 1 ? byFirstName[0]! : null;
}

/** The name to show for a speaker label: the linked person's name when there is one. */
export function displaySpeaker(segment: { speaker: string; personName: string | null }): string {
  return segment.personName ?? segment.speaker;
}
