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

// Trigger phrases; what follows one (up to the next trigger) is the task.
const COMMITMENT =
  /\b(?:i(?:'ll| will| shall)|i(?:'m| am) (?:going to|gonna)|let me|i(?:'ve| have)? (?:got to|gotta)|i need to|i have to|i must|i can take care of)\s+/gi;
const REQUEST =
  /\b(?:(?:i(?:'d| would) like|i want|i need) you(?: guys| two| all| both)? to(?: do)?(?: is)?|can you|could you|would you|will you|would you mind|please|you(?:'ll| will)(?: have to| need to)?|you need to|you have to|you(?:'re| are) (?:going to|gonna)|you should|you can|you(?:'ve| have) got to|you must|you(?:'re| are)(?=\s+\w{2,}ing\b))\s+/gi;
/** Several people at once: "you two will ...", "both designers are going to ...". */
const GROUP =
  /\b(?:you two|you both|both of you|you guys|you all|the two \w+s|both \w+s|everyone|everybody)\s+(?:will|(?:are|'re) (?:going to|gonna)|should|need to|have to|can)\s+(?:(?:be|going to|gonna)\s+)*/gi;
const OBLIGATION =
  /\b(?:we(?:'ll| will)? need to|we have to|we(?:'ve| have)? got to|we must|we should|we(?:'ll| will)|we(?:'re| are) (?:going to|gonna)|let's)\s+/gi;
const MARKER =
  /\b(?:action items?|to-?dos?|follow(?:\s|-)?up(?: on| with)?|next steps?)\b[:,]?\s*(?:is|are|for)?\s*(?:to\s+)?/gi;

/** Verbs that describe the meeting itself ("I'll show you", "let me think"), not work to be done after it. */
const IN_MEETING_VERBS = new Set(
  `see think say tell show explain talk present go start try repeat read pass wait stop move skip leave sit speak
begin introduce recap summarise summarize mention answer guess suppose wonder bet admit assume agree disagree
hear listen ask like love want hope be have put give draw use turn open close switch click press play stand
come keep remember got wrap forget continue end stay need just mean know hand`.split(/\s+/),
);
/** "I'll take notes during this meeting": done here and now, not after. */
const DURING_THE_MEETING =
  /\b(?:(?:during|in|for|at) (?:this|the) (?:meeting|call)|as we go|right now|in a (?:second|minute|moment))\b/i;
const ALWAYS_IN_MEETING = new Set(
  'be have see say tell show go come like love know mean guess suppose hope want'.split(' '),
);
const FOLLOW_UP_PHRASE =
  /^(?:look (?:into|at|up)|find out|get back|call (?:\w+ )?back|write up|put together|set up|come up with|think (?:about|of))/i;
/** Verbs that name follow-up work; a task that starts with one is more likely real. */
const WORK_VERBS = new Set(
  `send email mail prepare research investigate look check review finish complete draft write update schedule book
organise organize arrange contact call ring follow fix build design work make create test confirm find share
circulate distribute set order figure sort deliver submit produce report examine evaluate compile collect
develop implement plan`.split(/\s+/),
);
const CLAUSE_START = new Set("i we we've we're we'll it's that's there's they you you've you're he she it".split(' '));
/** Words a task cannot start with: the trigger was followed by a statement, not an action. */
const NOT_A_VERB = new Set(
  `never not always just the a an it i you we they he she this that these those there here next able our my your their
his her what which when where if because some any all every each no one two three`.split(/\s+/),
);
const TIME_FRAME =
  /\b(?:by|before|until|next|tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|weekend|week|meeting)\b/i;
const HEDGE_REACH = 40;
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
  const participants = participantNames(input, sentences);
  const endMs = input.segments.at(-1)?.endMs ?? 0;
  const candidates: Candidate[] = [];
  for (const sentence of sentences) {
    for (const candidate of classify(sentence, sentences, participants)) {
      // Meetings hand out work as they close: later sentences weigh a little more.
      const position = endMs > 0 ? sentence.startMs / endMs : 0;
      candidate.score += position > 0.8 ? 1 : position > 0.6 ? 0.5 : 0;
      candidates.push(candidate);
    }
  }
  const minScore = options.minScore ?? 2.5;
  const hours = Math.max(endMs / 3_600_000, 0.25);
  const cap = Math.max(options.minItems ?? 2, Math.round((options.perHour ?? 8) * hours));
  const kept = dedupe(
    candidates.filter((c) => c.score >= minScore).sort((a, b) => b.score - a.score),
    cap,
  );
  return kept.sort((a, b) => a.sentence.startMs - b.sentence.startMs).map((c) => toItem(c, sentences, input));
}

interface Trigger {
  kind: Kind;
  start: number;
  end: number;
  assignee: string | null;
  base: number;
}

/**
 * Every trigger in the sentence, in order; the task of each runs to the next one. A long turn often
 * hands out several tasks ("you'll look into the costs and you can draft the survey").
 */
function classify(sentence: Sentence, all: Sentence[], participants: string[]): Candidate[] {
  const text = sentence.text;
  const isQuestion = text.trim().endsWith('?');
  const triggers: Trigger[] = [];
  const add = (pattern: RegExp, kind: Kind, assignee: () => string | null, base: (match: string) => number) => {
    for (const match of text.matchAll(pattern)) {
      triggers.push({
        kind,
        start: match.index,
        end: match.index + match[0].length,
        assignee: assignee(),
        base: base(match[0]),
      });
    }
  };
  add(
    MARKER,
    'marker',
    () => addressee(sentence, all, participants),
    () => 2,
  );
  for (const a of thirdPersonAssignments(text, participants, sentence.speaker)) {
    triggers.push({ kind: 'assignment', start: a.start, end: a.restStart, assignee: a.name, base: 2 });
  }
  add(
    GROUP,
    'assignment',
    () => null,
    () => 1.5,
  );
  add(
    REQUEST,
    'request',
    () => addressee(sentence, all, participants),
    // Questions and "you can" (often the generic you: "you can throw it") are weaker than "you will".
    (m) => (/\b(?:(?:can|could|would|will) you|you can)\b/i.test(m) ? 0.5 : 1),
  );
  if (!isQuestion) {
    add(
      COMMITMENT,
      'commitment',
      () => sentence.speaker,
      () => 1.5,
    );
    add(
      OBLIGATION,
      'obligation',
      () => null,
      () => 0.5,
    );
  }
  triggers.sort((a, b) => a.start - b.start || b.base - a.base);
  // A trigger inside another one's words ("Anna, can you" is an assignment, not also a request) is dropped.
  const kept = triggers.filter((t, i) => !triggers.slice(0, i).some((o) => t.start >= o.start && t.start < o.end));
  return kept
    .map((t, i) => {
      const rest = text.slice(t.end, kept[i + 1]?.start ?? text.length);
      // Hedges count near this trigger only: a "maybe" elsewhere in a long turn says nothing about it.
      const near = text.slice(Math.max(0, t.start - HEDGE_REACH), t.end) + rest.slice(0, HEDGE_REACH);
      return build(sentence, t.kind, rest, t.assignee, t.base, near);
    })
    .filter((c): c is Candidate => c !== null);
}

function build(
  sentence: Sentence,
  kind: Kind,
  rest: string,
  assignee: string | null,
  base: number,
  near: string,
): Candidate | null {
  const task = taskFrom(rest);
  if (!task) return null;
  const [first = '', second = ''] = words(task);
  // "check we've nothing else", "make we have to sell": the verb is followed by a new clause, not an object.
  if (CLAUSE_START.has(second) || NOT_A_VERB.has(first)) return null;
  // "be informed", "be sent": passive, the speaker is not saying who does anything.
  if (/ed$/.test(first) && !/^(?:need|feed|seed|embed|speed|shed)$/.test(first)) return null;
  // Named work for a named person ("ask Anna to think about the price") is a task even with a soft verb.
  if (DURING_THE_MEETING.test(task)) return null;
  const inMeeting = kind === 'assignment' ? ALWAYS_IN_MEETING.has(first) : IN_MEETING_VERBS.has(first);
  if (inMeeting && !FOLLOW_UP_PHRASE.test(task)) return null;
  const terms = contentTerms(task);
  if (terms.length < 2) return null;
  let score = base;
  if (WORK_VERBS.has(first)) score += 1;
  if (terms.length >= 3) score += 0.5;
  if (HEDGE.test(near)) score -= 0.75;
  // A time frame said with the task ("by Friday", "before the next meeting").
  if (TIME_FRAME.test(rest)) score += 0.5;
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
    .replace(/(?:\s+(?:and|or|but|the|a|an|then|so|also))+$/i, '')
    .trim();
  clause = toImperative(clause);
  const count = words(clause).length;
  if (count < 2) return null;
  return count > 18 ? `${clause.split(/\s+/).slice(0, 18).join(' ')}...` : clause;
}

const assignmentPatterns = new Map<string, RegExp>();

/** "Anna will send ...", "the designer is going to ...", "Anna, can you ...": where each named participant's part starts. */
function thirdPersonAssignments(text: string, participants: string[], speaker: string) {
  const found: Array<{ name: string; start: number; restStart: number }> = [];
  for (const name of participants) {
    if (name.toLowerCase() === speaker.toLowerCase()) continue;
    let pattern = assignmentPatterns.get(name);
    if (!pattern) {
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      pattern = new RegExp(
        `\\b(?:(?:ask|asking|want|need|would like)\\s+)?(?:the\\s+)?${escaped}(?:\\s+to|'s|\\s+is|\\s+will|\\s+would|\\s+should|\\s+can|,?\\s+(?:you(?:'ll|'re| are| will| can| could| should)?|can you|could you|please))\\s+(?:(?:going to|gonna|be)\\s+)*`,
        'gi',
      );
      assignmentPatterns.set(name, pattern);
    }
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      // A longer name already claimed this place ("Anna Berg" before "Anna").
      if (found.some((f) => start >= f.start && start < f.restStart)) continue;
      found.push({ name, start, restStart: start + match[0].length });
    }
  }
  return found;
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

/** Names are looked for in every sentence: only those said in the meeting, and at most this many. */
const MAX_NAMES = 200;
const nameTokens = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean);

function participantNames(input: NotesInput, sentences: Sentence[]): string[] {
  const names = new Set<string>();
  for (const segment of input.segments) {
    names.add(segment.personName ?? segment.speaker);
    if (segment.personName) names.add(segment.personName.split(' ')[0]!);
  }
  for (const person of input.people) {
    names.add(person.name);
    names.add(person.name.split(' ')[0]!);
  }
  // A contact list or an import can hold thousands of names: only those whose words are said count.
  const said = new Set<string>();
  for (const sentence of sentences) for (const token of nameTokens(sentence.text)) said.add(token);
  // Generic labels ("Speaker 1") are never said aloud; longer names first so "Anna Berg" beats "Anna".
  return [...names]
    .filter((n) => n.length > 2 && !/^speaker\s*\d+$/i.test(n) && nameTokens(n).every((t) => said.has(t)))
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_NAMES);
}

/** The best candidates, up to `cap`, each unlike those kept before it (stops at the cap: bounded work). */
function dedupe(candidates: Candidate[], cap: number): Candidate[] {
  const kept: Candidate[] = [];
  const keptTerms: string[][] = [];
  for (const candidate of candidates) {
    if (kept.length >= cap) break;
    const list = contentTerms(candidate.task);
    const terms = new Set(list);
    const duplicate = keptTerms.some((otherTerms) => {
      const shared = otherTerms.filter((t) => terms.has(t)).length;
      return shared / Math.max(1, Math.min(terms.size, otherTerms.length)) >= 0.6;
    });
    if (duplicate) continue;
    kept.push(candidate);
    keptTerms.push(list);
  }
  return kept;
}

/** A turn without punctuation can run for minutes: the context keeps the start of it. */
const CONTEXT_WORDS = 80;
const trimToWords = (text: string, max: number) => {
  const parts = text.split(/\s+/);
  return parts.length <= max ? text : `${parts.slice(0, max).join(' ')}...`;
};

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
    context: `${sentence.speaker}: ${trimToWords(context, CONTEXT_WORDS)}`,
    contextStartMs: sentence.startMs,
    assignee: person?.name ?? candidate.assignee,
    personId: person?.id ?? null,
    dueDate: due ? due.start.date().toISOString() : null,
  };
}
