// Offline action-item extraction by the language of commitments ("I'll ..."), requests ("can you ...",
// "Anna, please ..."), obligations ("we need to ...") and explicit markers ("action item: ...").
import * as chrono from 'chrono-node';
import { matchPerson } from '../people-match.ts';
import type { ExtractedActionItem, NotesInput } from '../types.ts';
import { capitalise, contentTerms, type Sentence, toSentences, words } from './text.ts';
import { toImperative } from './verbs.ts';

type Kind = 'commitment' | 'request' | 'assignment' | 'obligation' | 'marker';

interface Candidate {
  sentence: Sentence;
  kind: Kind;
  task: string;
  assignee: string | null;
  score: number;
}

const COMMITMENT =
  /\b(?:i(?:'ll| will| shall)|i(?:'m| am) (?:going to|gonna)|let me|i(?:'ve| have)? (?:got to|gotta)|i need to|i have to|i must|i can take care of)\s+(?<rest>.+)/i;
const REQUEST =
  /\b(?:can you|could you|would you|will you|would you mind|please|you(?:'ll| will)(?: have to| need to)?|you need to|you have to|you(?:'re| are) (?:going to|gonna)|you should|you(?:'ve| have) got to|you must)\s+(?<rest>.+)/i;
const OBLIGATION =
  /\b(?:we(?:'ll| will)? need to|we have to|we(?:'ve| have)? got to|we must|we should|we(?:'ll| will)|we(?:'re| are) (?:going to|gonna)|let's)\s+(?<rest>.+)/i;
const MARKER =
  /\b(?:action items?|to-?dos?|follow(?:\s|-)?up(?: on| with)?|next steps?)\b[:,]?\s*(?:is|are|for)?\s*(?:to\s+)?(?<rest>.+)/i;

/** Verbs that describe the meeting itself ("I'll show you", "let me think"), not work to be done after it. */
const IN_MEETING_VERBS = new Set(
  `see think say tell show explain talk present go start try repeat read pass wait stop move skip leave sit speak
begin introduce recap summarise summarize mention answer guess suppose wonder bet admit assume agree disagree
hear listen ask like love want hope be have put give draw write use turn open close switch click press play stand
come keep call remember forget continue finish end stay get need just mean know find hand`.split(/\s+/),
);
/** Verbs that name follow-up work; a task that starts with one is more likely real. */
const WORK_VERBS = new Set(
  `send email mail prepare research investigate look check review finish complete draft write update schedule book
organise organize arrange contact call ring follow fix build design work make create test confirm find share
circulate distribute set order buy figure sort deliver submit produce report examine evaluate compile collect
develop implement plan discuss`.split(/\s+/),
);
const HEDGE = /\b(?:maybe|perhaps|i think|i guess|i don't know|probably|might|if)\b/i;

export interface ActionItemOptions {
  /** Candidates below this score are dropped; higher is stricter. */
  minScore?: number;
  /** At most this many items per hour of meeting (and never fewer than `minItems`). */
  perHour?: number;
  minItems?: number;
}

export function extractActionItems(input: NotesInput, options: ActionItemOptions = {}): ExtractedActionItem[] {
  const sentences = toSentences(input.segments);
  if (sentences.length === 0) return [];
  const participants = participantNames(input);
  const endMs = input.segments.at(-1)?.endMs ?? 0;
  const candidates: Candidate[] = [];
  for (const sentence of sentences) {
    const candidate = classify(sentence, sentences, participants);
    if (!candidate) continue;
    // Meetings hand out work as they close: later sentences weigh a little more.
    const position = endMs > 0 ? sentence.startMs / endMs : 0;
    candidate.score += position > 0.8 ? 1 : position > 0.6 ? 0.5 : 0;
    candidates.push(candidate);
  }
  const minScore = options.minScore ?? 2.5;
  const hours = Math.max(endMs / 3_600_000, 0.25);
  const cap = Math.max(options.minItems ?? 2, Math.round((options.perHour ?? 8) * hours));
  const kept = dedupe(candidates.filter((c) => c.score >= minScore).sort((a, b) => b.score - a.score)).slice(0, cap);
  return kept.sort((a, b) => a.sentence.startMs - b.sentence.startMs).map((c) => toItem(c, sentences, input));
}

function classify(sentence: Sentence, all: Sentence[], participants: string[]): Candidate | null {
  const text = sentence.text;
  const marker = text.match(MARKER);
  if (marker?.groups?.rest)
    return build(sentence, 'marker', marker.groups.rest, addressee(sentence, all, participants), 2);
  const assigned = thirdPersonAssignment(text, participants, sentence.speaker);
  if (assigned) return build(sentence, 'assignment', assigned.rest, assigned.name, 2);
  const request = text.match(REQUEST);
  if (request?.groups?.rest) {
    const question = /\b(?:can|could|would|will) you\b/i.test(request[0]);
    return build(sentence, 'request', request.groups.rest, addressee(sentence, all, participants), question ? 0.5 : 1);
  }
  const commitment = text.match(COMMITMENT);
  if (commitment?.groups?.rest && !text.trim().endsWith('?')) {
    return build(sentence, 'commitment', commitment.groups.rest, sentence.speaker, 1.5);
  }
  const obligation = text.match(OBLIGATION);
  if (obligation?.groups?.rest && !text.trim().endsWith('?')) {
    return build(sentence, 'obligation', obligation.groups.rest, null, 0.5);
  }
  return null;
}

function build(sentence: Sentence, kind: Kind, rest: string, assignee: string | null, base: number): Candidate | null {
  const task = taskFrom(rest);
  if (!task) return null;
  const first = words(task)[0] ?? '';
  if (
    IN_MEETING_VERBS.has(first) &&
    !/^(?:look (?:into|at|up)|find out|get back|call (?:\w+ )?back|write up|put together|set up|come up with)/i.test(
      task,
    )
  )
    return null;
  const terms = contentTerms(task);
  if (terms.length < 2) return null;
  let score = base;
  if (WORK_VERBS.has(first)) score += 1;
  if (terms.length >= 3) score += 0.5;
  if (HEDGE.test(sentence.text)) score -= 0.75;
  if (
    /\b(?:by|before|until|next|tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|weekend|week|meeting)\b/i.test(
      sentence.text,
    )
  )
    score += 0.5;
  return { sentence, kind, task: capitalise(task), assignee, score };
}

/** The clause after the trigger, in the imperative, without trailing chatter. */
function taskFrom(rest: string): string | null {
  let clause = rest
    .split(
      /[;:?!]|[.,]\s|\s(?:because|'cause|cause|but|so that|so|and then|which|otherwise|though|okay|alright)\s/i,
    )[0]!
    .replace(/^(?:also|just|definitely|probably|actually|still|then|now|all|quickly|maybe|perhaps)\s+/i, '')
    .replace(/[.,]+$/, '')
    .trim();
  clause = toImperative(clause);
  const count = words(clause).length;
  if (count < 2) return null;
  return count > 18 ? `${clause.split(/\s+/).slice(0, 18).join(' ')}...` : clause;
}

/** "Anna will send ...", "the designer is going to ...", "Anna, can you ...": a named participant. */
function thirdPersonAssignment(text: string, participants: string[], speaker: string) {
  for (const name of participants) {
    if (name.toLowerCase() === speaker.toLowerCase()) continue;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(
      `\\b(?:the\\s+)?${escaped}(?:'s|\\s+is|\\s+will|\\s+would|\\s+should|\\s+can|,?\\s+(?:you(?:'ll| will| can| could| should)?|can you|could you|please))\\s+(?:going to\\s+|gonna\\s+|be\\s+)?(?<rest>.+)`,
      'i',
    );
    const match = text.match(pattern);
    if (match?.groups?.rest) return { name, rest: match.groups.rest };
  }
  return null;
}

/** The person a request is for: named in the sentence, else whoever answers next. */
function addressee(sentence: Sentence, all: Sentence[], participants: string[]): string | null {
  const lower = sentence.text.toLowerCase();
  const named = participants.find(
    (name) => name.toLowerCase() !== sentence.speaker.toLowerCase() && lower.includes(name.toLowerCase()),
  );
  if (named) return named;
  if (!/\byou\b/i.test(sentence.text)) return null;
  const next = all.slice(sentence.index + 1, sentence.index + 12).find((s) => s.speaker !== sentence.speaker);
  return next?.speaker ?? null;
}

function participantNames(input: NotesInput): string[] {
  const names = new Set<string>();
  for (const segment of input.segments) {
    names.add(segment.personName ?? segment.speaker);
    if (segment.personName) names.add(segment.personName.split(' ')[0]!);
  }
  for (const person of input.people) {
    names.add(person.name);
    names.add(person.name.split(' ')[0]!);
  }
  // Generic labels ("Speaker 1") are never said aloud; longer names first so "Anna Berg" beats "Anna".
  return [...names].filter((n) => n.length > 2 && !/^speaker\s*\d+$/i.test(n)).sort((a, b) => b.length - a.length);
}

function dedupe(candidates: Candidate[]): Candidate[] {
  const kept: Candidate[] = [];
  for (const candidate of candidates) {
    const terms = new Set(contentTerms(candidate.task));
    const duplicate = kept.some((other) => {
      const otherTerms = contentTerms(other.task);
      const shared = otherTerms.filter((t) => terms.has(t)).length;
      return shared / Math.max(1, Math.min(terms.size, otherTerms.length)) >= 0.6;
    });
    if (!duplicate) kept.push(candidate);
  }
  return kept;
}

function toItem(candidate: Candidate, sentences: Sentence[], input: NotesInput): ExtractedActionItem {
  const { sentence } = candidate;
  const previous = sentences[sentence.index - 1];
  const context =
    previous &&
    previous.speaker === sentence.speaker &&
    previous.segmentIndex === sentence.segmentIndex &&
    words(sentence.text).length < 12
      ? `${previous.text} ${sentence.text}`
      : sentence.text;
  const person =
    matchPerson(candidate.assignee, input) ??
    (candidate.assignee === sentence.speaker && sentence.personId
      ? (input.people.find((p) => p.id === sentence.personId) ?? null)
      : null);
  const due = chrono.parse(sentence.text, input.meetingDate, { forwardDate: true })[0];
  return {
    task: candidate.task,
    context: `${sentence.speaker}: ${context}`,
    contextStartMs: sentence.startMs,
    assignee: person?.name ?? candidate.assignee,
    personId: person?.id ?? null,
    dueDate: due ? due.start.date().toISOString() : null,
  };
}
