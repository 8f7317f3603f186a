// Offline action-item extraction: candidates by the language of requests, commitments and obligations
// (action-candidates.ts), scored by weighted features (action-weights.ts), de-duplicated and capped.
import { matchPerson } from '../people-match.ts';
import { sameTerms } from '../same-task.ts';
import type { ExtractedActionItem, NotesInput, NotesPerson } from '../types.ts';
import { type Candidate, findCandidates } from './action-candidates.ts';
import { type ActionItemWeights, DEFAULT_WEIGHTS } from './action-weights.ts';
import { type Sentence, words } from './text.ts';

export function extractActionItems(
  input: NotesInput,
  weights: ActionItemWeights = DEFAULT_WEIGHTS,
): ExtractedActionItem[] {
  const { candidates, sentences } = findCandidates(input);
  const endMs = input.segments.at(-1)?.endMs ?? 0;
  return selectCandidates(candidates, weights, endMs).map((c) => toItem(c, sentences, input));
}

export function scoreCandidate(candidate: Candidate, weights: ActionItemWeights): number {
  let score = 0;
  for (const feature of candidate.features) score += weights.features[feature];
  return score;
}

/** More than any meeting hands out; a transcript that repeats "I'll send it on Monday" 8,000 times stops here. */
const MAX_ITEMS = 200;

/** The best-scored candidates above the threshold, duplicates merged, at most `perHour` an hour, in time order. */
export function selectCandidates(candidates: Candidate[], weights: ActionItemWeights, endMs: number): Candidate[] {
  const hours = Math.max(endMs / 3_600_000, 0.25);
  const cap = Math.max(2, Math.round(weights.perHour * hours));
  const scored = candidates
    .map((candidate) => ({ candidate, score: scoreCandidate(candidate, weights), definite: isDefinite(candidate) }))
    .filter((c) => c.score >= weights.minScore || c.definite)
    // Definite tasks first: they are kept whatever the cap, so a short planning meeting keeps all it agreed.
    .sort((a, b) => Number(b.definite) - Number(a.definite) || b.score - a.score);
  const kept: Candidate[] = [];
  let capped = 0;
  for (const { candidate, definite } of scored) {
    // Definite ones pass the cap, not this ceiling: each is compared with every one kept.
    if (kept.length >= MAX_ITEMS || (!definite && capped >= cap)) break;
    if (kept.some((other) => sameTerms(candidate.terms, other.terms))) continue;
    kept.push(candidate);
    if (!definite) capped++;
  }
  return kept.sort((a, b) => a.sentence.startMs - b.sentence.startMs);
}

/**
 * A task with an owner and a date ("I'll send it on Monday", "David, can you fix it by Thursday?" - "Yes"):
 * an action item by any reading, kept whatever its score.
 */
const isDefinite = (c: Candidate) =>
  !c.features.has('hedge') &&
  ((c.dueDate !== null && (c.kind === 'commitment' || c.features.has('accepted') || c.features.has('addressed'))) ||
    // "David, could you draft the release notes?" - "Sure, no problem.": asked by name and taken on.
    (c.features.has('addressed') && c.features.has('accepted') && c.kind !== 'group'));

/** A turn without punctuation can run for minutes: the context keeps the start of it. */
const CONTEXT_WORDS = 80;
const trimToWords = (text: string, max: number) => {
  const parts = text.split(/\s+/);
  return parts.length <= max ? text : `${parts.slice(0, max).join(' ')}...`;
};

function toItem(candidate: Candidate, sentences: Sentence[], input: NotesInput): ExtractedActionItem {
  const { sentence, answer } = candidate;
  const previous = sentences[sentence.index - 1];
  let context =
    previous &&
    previous.speaker === sentence.speaker &&
    previous.segmentIndex === sentence.segmentIndex &&
    words(sentence.text).length < 12
      ? `${previous.text} ${sentence.text}`
      : sentence.text;
  context = `${sentence.speaker}: ${trimToWords(context, CONTEXT_WORDS)}`;
  if (answer) context += `\n${answer.speaker}: ${trimToWords(answer.text, CONTEXT_WORDS / 2)}`;
  const person = owner(candidate, input);
  return {
    task: candidate.task,
    context,
    contextStartMs: sentence.startMs,
    assignee: person?.name ?? candidate.assignee,
    personId: person?.id ?? null,
    dueDate: candidate.dueDate,
  };
}

/**
 * The contact who owns the task: the person linked to the speaker who said yes, else the contact the
 * name refers to, else the person linked to the speaker who committed.
 */
function owner(candidate: Candidate, input: NotesInput): NotesPerson | null {
  const byId = (id: string | null) => (id ? (input.people.find((p) => p.id === id) ?? null) : null);
  const { sentence, answer, assignee } = candidate;
  if (answer?.personId && (assignee === answer.speaker || !assignee || sameFirstName(assignee, answer.speaker)))
    return byId(answer.personId) ?? matchPerson(assignee, input);
  return matchPerson(assignee, input) ?? (assignee === sentence.speaker ? byId(sentence.personId) : null);
}

const sameFirstName = (said: string, speaker: string) =>
  speaker.toLowerCase().split(' ')[0] === said.toLowerCase().split(' ')[0];
