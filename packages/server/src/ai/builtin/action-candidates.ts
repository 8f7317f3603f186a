// Candidate action items by the language of commitments ("I'll ..."), requests ("can you ...",
// "Anna, please ..."), obligations ("we need to ...") and explicit markers ("action item: ..."), each with
// the features the scorer weighs (action-weights.ts). A request and the answer accepting it are one candidate.
import type { NotesInput } from '../types.ts';
import type { Feature } from './action-weights.ts';
import { acceptingAnswer, addressedName, type NamesInMeeting, namesInMeeting, openingVocative } from './addressee.ts';
import { allocation, IMPERATIVE, TAG_QUESTION, WORK_VERBS } from './directives.ts';
import { dueDateFrom } from './due-date.ts';
import { taskFrom } from './task-clause.ts';
import { capitalise, contentTerms, type Sentence, toSentences, words } from './text.ts';

type Kind = 'commitment' | 'request' | 'assignment' | 'group' | 'obligation' | 'marker' | 'imperative';

export interface Candidate {
  sentence: Sentence;
  /** The accepting answer, when the person asked said yes. */
  answer: Sentence | null;
  kind: Kind;
  task: string;
  /** The name said or the speaker label; the answerer's label when nobody was named. */
  assignee: string | null;
  features: Set<Feature>;
  /** Stemmed task words, for de-duplication. */
  terms: string[];
  /** A date said with the task (in the request or its answer), ISO. */
  dueDate: string | null;
}

// Trigger phrases; what follows one (up to the next trigger) is the task.
const COMMITMENT =
  /\b(?:i(?:'ll| will| shall)|i(?:'m| am) (?:going to|gonna)|let me|i(?:'ve| have)? (?:got to|gotta)|i need to|i have to|i must|i can take care of)\s+/gi;
const REQUEST =
  /\b(?:(?:i(?:'d| would) like|i want|i need) you(?: guys| two| all| both)? to(?: do)?(?: is)?|can you|could you|would you|will you|would you mind|please|you(?:'ll| will)(?: have to| need to)?|you need to|you have to|you(?:'re| are) (?:going to|gonna)|you should|you can|you(?:'ve| have) got to|you must|you(?:'re| are)(?=\s+\w{2,}ing\b)|you could|you might(?: want to)?|you may want to|why don't you|if you could)\s+/gi;
const GROUP =
  /\b(?:you two|you both|both of you|you guys|you all|the two \w+s|both \w+s|everyone|everybody)\s+(?:will|(?:are|'re) (?:going to|gonna)|should|need to|have to|can)\s+(?:(?:be|going to|gonna)\s+)*/gi;
const OBLIGATION =
  /\b(?:we(?:'ll| will)? need to|we have to|we(?:'ve| have)? (?:got to|gotta)|we must|we should|we(?:'ll| will)|we(?:'re| are) (?:going to|gonna)|let's)\s+/gi;
const MARKER =
  /\b(?:action items?|to-?dos?|follow(?:\s|-)?up(?: on| with)?|next steps?)\b[:,]?\s*(?:is|are|for)?\s*(?:to\s+)?/gi;
/** The future said to someone ("you'll", "you're going to", "you're working on"): telling a plan, not advising. */
const FUTURE_YOU = /\byou(?: guys| two| all| both)?(?:'ll|'re| will| are)\b/i;
const WEAK_REQUEST = /\b(?:(?:can|could|would|will) you|you (?:can|could|might|may))\b/i;

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
/** "Priya, send the launch email": a name, a comma and a verb of work is an instruction to that person. */
const IMPERATIVE_VERBS = [...WORK_VERBS].join('|');
const CLAUSE_START = new Set("i we we've we're we'll it's that's there's they you you've you're he she it".split(' '));
/** Words a task cannot start with: the trigger was followed by a statement, not an action. */
const NOT_A_VERB = new Set(
  `never not always just the a an it i you we they he she this that these those there here next able our my your their
his her what which when where if because some any all every each no one two three`.split(/\s+/),
);
/** "I'll we're having another meeting", "we're gonna it's gonna excel": a new subject, the speaker restarted. */
const SUBJECT_CONTRACTION = /^(?:i|you|we|they|he|she|it|there|that|what)(?:'m|'re|'s|'ve|'ll|'d)$/;
const TIME_FRAME =
  /\b(?:by|before|until|next|tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|weekend|week|meeting)\b/i;
const HEDGE_REACH = 40;
const HEDGE = /\b(?:maybe|perhaps|i think|i guess|i don't know|probably|might|if)\b/i;

interface Trigger {
  kind: Kind;
  start: number;
  end: number;
  assignee: string | null;
  /** An allocation names a thing, not an action ("for you it's the user requirements"). */
  nounTask?: boolean;
}

/** "If you press it ...", "when you look at it": a condition, the generic you, not someone asked. */
const CONDITION_BEFORE = /\b(?:if|when|whenever|once|because|unless|as soon as)\b[^,.;]*$/i;
/** Tasks given to different people by one speaker within this time: the meeting is handing out work. */
const HANDOUT_WINDOW_MS = 60_000;
const HANDOUT_NEIGHBOURS = 20;

/** Every candidate of the meeting, in time order, with the sentences they came from. */
export function findCandidates(input: NotesInput): { candidates: Candidate[]; sentences: Sentence[] } {
  const sentences = toSentences(input.segments);
  const said = namesInMeeting(input.segments);
  // A "name" the meeting also says in lower case ("Just") is an ordinary word that was capitalised once.
  const participants = participantNames(
    input,
    sentences,
    said.names.filter((n) => !said.ordinary.has(n.toLowerCase())),
  );
  const allocated = allocation(['you(?: guys| two| all| both)?', ...participants.map(escapeRegExp)].join('|'));
  const endMs = input.segments.at(-1)?.endMs ?? 0;
  const chair = mostWords(sentences);
  const candidates: Candidate[] = [];
  const answered = new Set<number>();
  for (const sentence of sentences) {
    for (const candidate of classify(sentence, sentences, participants, said, allocated)) {
      const position = endMs > 0 ? sentence.startMs / endMs : 0;
      // Meetings hand out work as they close.
      // Meetings hand out work as they close: the last tenth is the wrap-up.
      if (position > 0.9) candidate.features.add('closing');
      else if (position > 0.8) candidate.features.add('late');
      else if (position > 0.6) candidate.features.add('midLate');
      // Whoever leads the meeting (says the most) is the one who hands out its work.
      if (sentence.speaker === chair) candidate.features.add('chair');
      if (candidate.answer) answered.add(candidate.answer.index);
      const said = candidate.answer ? [sentence.text, candidate.answer.text] : [sentence.text];
      candidate.dueDate = TIME_FRAME.test(said.join(' ')) ? dueDateFrom(said, input.meetingDate) : null;
      candidates.push(candidate);
    }
  }
  markHandouts(candidates);
  // "Yes, I will fix it by Thursday" restates the request it accepts: its own commitment is not a second task.
  return {
    candidates: candidates.filter((c) => !(c.kind === 'commitment' && answered.has(c.sentence.index))),
    sentences,
  };
}

/**
 * Every trigger in the sentence, in order; the task of each runs to the next one. A long turn often
 * hands out several tasks ("you'll look into the costs and you can draft the survey").
 */
function classify(
  sentence: Sentence,
  all: Sentence[],
  participants: string[],
  said: NamesInMeeting,
  allocated: RegExp,
): Candidate[] {
  const text = sentence.text;
  // "..., eh?" / "..., right?" asks for agreement with a statement or a directive: not a question.
  const isQuestion = text.trim().endsWith('?') && !TAG_QUESTION.test(text.trim());
  const named = addressedName(sentence, participants, said);
  const triggers: Trigger[] = [];
  const add = (pattern: RegExp, kind: Kind, assignee: string | null) => {
    for (const match of text.matchAll(pattern)) {
      triggers.push({ kind, start: match.index, end: match.index + match[0].length, assignee });
    }
  };
  // With several names in one turn, each request goes to the name said just before it ("marketing, you're ...").
  const addressed = (start: number) => nameBefore(text, start, participants, sentence.speaker) ?? named;
  const addRequests = (pattern: RegExp, kind: Kind) => {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      triggers.push({ kind, start, end: start + match[0].length, assignee: addressed(start) });
    }
  };
  addRequests(MARKER, 'marker');
  for (const a of thirdPersonAssignments(text, participants, sentence.speaker)) {
    triggers.push({ kind: 'assignment', start: a.start, end: a.restStart, assignee: a.name });
  }
  add(GROUP, 'group', null);
  addRequests(REQUEST, 'request');
  // "Priya, send the launch email on Monday": the imperative after the name of the person it is for.
  const vocative = openingVocative(text, said);
  const opening = vocative?.length ?? 0;
  const imperative = IMPERATIVE.exec(text.slice(opening).replace(TAG_QUESTION, ''));
  if (imperative) {
    const end = opening + imperative[0].length;
    triggers.push({
      kind: 'imperative',
      start: 0,
      end,
      assignee: nameBefore(text, end, participants, sentence.speaker) ?? vocative?.name ?? named,
    });
  }
  for (const match of text.matchAll(allocated)) {
    const who = match[1]!;
    const name = /^you\b/i.test(who)
      ? addressed(match.index)
      : participants.find((p) => p.toLowerCase() === who.toLowerCase());
    if (name?.toLowerCase() === sentence.speaker.toLowerCase()) continue;
    const kind = /^you\b/i.test(who) ? 'request' : 'assignment';
    triggers.push({
      kind,
      start: match.index,
      end: match.index + match[0].length,
      assignee: name ?? null,
      nounTask: true,
    });
  }
  if (!isQuestion) {
    add(COMMITMENT, 'commitment', sentence.speaker);
    add(OBLIGATION, 'obligation', null);
  }
  const order: Kind[] = ['marker', 'assignment', 'group', 'request', 'imperative', 'commitment', 'obligation'];
  triggers.sort((a, b) => a.start - b.start || order.indexOf(a.kind) - order.indexOf(b.kind));
  // A trigger inside another one's words ("Anna, can you" is an assignment, not also a request) is dropped.
  const kept = triggers.filter((t, i) => !triggers.slice(0, i).some((o) => t.start >= o.start && t.start < o.end));
  return kept
    .map((t, i) => {
      const rest = text.slice(t.end, kept[i + 1]?.start ?? text.length);
      const near = text.slice(Math.max(0, t.start - HEDGE_REACH), t.end) + rest.slice(0, HEDGE_REACH);
      const candidate = build(sentence, t, rest, near);
      if (!candidate) return null;
      if (CONDITION_BEFORE.test(text.slice(Math.max(0, t.start - HEDGE_REACH), t.start)))
        candidate.features.add('conditional');
      if (t.kind === 'request' || t.kind === 'assignment' || t.kind === 'marker' || t.kind === 'imperative') {
        const answer = acceptingAnswer(sentence, all);
        if (answer) {
          candidate.answer = answer;
          candidate.features.add('accepted');
          // Nobody named: whoever said yes took it on.
          candidate.assignee ??= answer.speaker;
        } else if (
          !candidate.assignee &&
          ((t.kind === 'request' && /\byou\b/i.test(text)) || t.kind === 'imperative')
        ) {
          candidate.assignee = nextSpeaker(sentence, all);
        }
      }
      if (t.assignee && t.kind !== 'commitment') candidate.features.add('addressed');
      return candidate;
    })
    .filter((c): c is Candidate => c !== null);
}

function build(sentence: Sentence, trigger: Trigger, rest: string, near: string): Candidate | null {
  const task = taskFrom(rest, !trigger.nounTask);
  if (!task) return null;
  const [first = '', second = ''] = words(task);
  const terms = contentTerms(task);
  if (trigger.nounTask) return terms.length < 2 ? null : candidateOf(sentence, trigger, task, terms, rest, near);
  // "check we've nothing else", "make we have to sell": the verb is followed by a new clause, not an object.
  if (CLAUSE_START.has(second) || NOT_A_VERB.has(first) || SUBJECT_CONTRACTION.test(first)) return null;
  // "be informed", "be sent": passive, the speaker is not saying who does anything.
  if (/ed$/.test(first) && !/^(?:need|feed|seed|embed|speed|shed)$/.test(first)) return null;
  if (DURING_THE_MEETING.test(task)) return null;
  // Named work for a named person ("ask Anna to think about the price") is a task even with a soft verb.
  const inMeeting =
    trigger.kind === 'assignment' || trigger.kind === 'group'
      ? ALWAYS_IN_MEETING.has(first)
      : IN_MEETING_VERBS.has(first);
  if (inMeeting && !FOLLOW_UP_PHRASE.test(task)) return null;
  // A directive to someone may name its work in one word ("think about requirements"); a statement needs two.
  const directive = trigger.kind === 'request' || trigger.kind === 'assignment' || trigger.kind === 'imperative';
  if (terms.length < (directive ? 1 : 2)) return null;
  return candidateOf(sentence, trigger, task, terms, rest, near);
}

function candidateOf(
  sentence: Sentence,
  trigger: Trigger,
  task: string,
  terms: string[],
  rest: string,
  near: string,
): Candidate {
  const [first = ''] = words(task);
  const features = new Set<Feature>([trigger.kind]);
  if (trigger.kind === 'request' && WEAK_REQUEST.test(sentence.text.slice(trigger.start, trigger.end)))
    features.add('question');
  if (
    (trigger.kind === 'request' || trigger.kind === 'assignment' || trigger.kind === 'group') &&
    FUTURE_YOU.test(sentence.text.slice(trigger.start, trigger.end))
  )
    features.add('future');
  if (WORK_VERBS.has(first)) features.add('workVerb');
  if (terms.length >= 3) features.add('substantial');
  if (HEDGE.test(near)) features.add('hedge');
  if (TIME_FRAME.test(rest)) features.add('timeFrame');
  return {
    sentence,
    answer: null,
    kind: trigger.kind,
    task: capitalise(task),
    assignee: trigger.assignee,
    features,
    terms,
    dueDate: null,
  };
}

const assignmentPatterns = new Map<string, RegExp>();
const suggestionPatterns = new Map<string, RegExp>();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "Anna will send ...", "the designer is going to ...", "Anna, can you ...": where each named participant's part starts. */
function thirdPersonAssignments(text: string, participants: string[], speaker: string) {
  const found: Array<{ name: string; start: number; restStart: number }> = [];
  const lower = text.toLowerCase();
  // Bounded: names come from each meeting and its owner's contacts, and the worker lives long.
  if (assignmentPatterns.size > 10_000) {
    assignmentPatterns.clear();
    suggestionPatterns.clear();
  }
  for (const name of participants) {
    // Most sentences name nobody: a plain search first spares the patterns.
    if (!lower.includes(name.toLowerCase()) || name.toLowerCase() === speaker.toLowerCase()) continue;
    let pattern = assignmentPatterns.get(name);
    if (!pattern) {
      const escaped = escapeRegExp(name);
      pattern = new RegExp(
        `\\b(?:(?:ask|asking|want|need|would like)\\s+)?(?:the\\s+)?${escaped}(?:(?:\\s+to|'s|\\s+is|\\s+are|\\s+(?:gonna|going to)|\\s+will|\\s+would|\\s+should|\\s+can|,?\\s+(?:you(?:'ll|'re| are| will| can| could| should)?|can you|could you|please))\\s+|,\\s+(?=(?:${IMPERATIVE_VERBS})\\b))(?:(?:going to|gonna|be)\\s+)*`,
        'gi',
      );
      assignmentPatterns.set(name, pattern);
    }
    let suggestion = suggestionPatterns.get(name);
    if (!suggestion) {
      // "I suggest that the designers work together", "I'd propose Anna and Marco look at it".
      suggestion = new RegExp(
        `\\b(?:suggest|propose|recommend)(?:\\s+that)?\\s+(?:the\\s+)?${escapeRegExp(name)}(?:\\s+and\\s+(?:the\\s+)?[\\w ]{3,40}?)?(?:\\s+(?:should|could|can))?\\s+(?=[a-z]+\\b)`,
        'gi',
      );
      suggestionPatterns.set(name, suggestion);
    }
    for (const match of [...text.matchAll(pattern), ...text.matchAll(suggestion)]) {
      const start = match.index;
      // A longer name already claimed this place ("Anna Berg" before "Anna").
      if (found.some((f) => start >= f.start && start < f.restStart)) continue;
      found.push({ name, start, restStart: start + match[0].length });
    }
  }
  return found;
}

/** A participant named in the few words before `position` (the vocative of a request); null when none. */
function nameBefore(text: string, position: number, participants: string[], speaker: string): string | null {
  const before = text.slice(Math.max(0, position - 40), position).toLowerCase();
  let best: { name: string; at: number } | null = null;
  for (const name of participants) {
    if (name.toLowerCase() === speaker.toLowerCase()) continue;
    const at = before.lastIndexOf(name.toLowerCase());
    if (at >= 0 && (!best || at + name.length > best.at + best.name.length)) best = { name, at };
  }
  return best?.name ?? null;
}

/** For "you" with nobody named and no clear yes: whoever speaks next is the likeliest person addressed. */
function nextSpeaker(sentence: Sentence, all: Sentence[]): string | null {
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

/** Names a sentence may say: speakers' names, contacts' full and first names, names said; never "Speaker 1". */
function participantNames(input: NotesInput, sentences: Sentence[], said: string[]): string[] {
  const names = new Set<string>(said);
  for (const segment of input.segments) {
    names.add(segment.personName ?? segment.speaker);
    if (segment.personName) names.add(segment.personName.split(' ')[0]!);
  }
  for (const person of input.people) {
    names.add(person.name);
    names.add(person.name.split(' ')[0]!);
  }
  // A contact list or an import can hold thousands of names: only those whose words are said count.
  const spoken = new Set<string>();
  for (const sentence of sentences) for (const token of nameTokens(sentence.text)) spoken.add(token);
  // Longer names first so "Anna Berg" beats "Anna".
  return [...names]
    .filter((n) => n.length > 2 && !/^speaker\s*\d+$/i.test(n) && nameTokens(n).every((t) => spoken.has(t)))
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_NAMES);
}

/**
 * A candidate among tasks that one speaker gives to different people within a minute ("you'll look at the
 * design, and you at the costs"): the meeting is handing out work. Candidates are in time order.
 */
function markHandouts(candidates: Candidate[]) {
  candidates.forEach((c, i) => {
    if (!c.assignee || c.kind === 'commitment' || c.kind === 'obligation') return;
    for (let j = Math.max(0, i - HANDOUT_NEIGHBOURS); j < Math.min(candidates.length, i + HANDOUT_NEIGHBOURS); j++) {
      const d = candidates[j]!;
      if (Math.abs(d.sentence.startMs - c.sentence.startMs) > HANDOUT_WINDOW_MS) continue;
      if (d.sentence.speaker !== c.sentence.speaker || !d.assignee || d.assignee === c.assignee) continue;
      if (d.kind === 'commitment' || d.kind === 'obligation') continue;
      c.features.add('handout');
      return;
    }
  });
}

/** The speaker who says the most words. */
function mostWords(sentences: Sentence[]): string | null {
  const said = new Map<string, number>();
  for (const s of sentences) said.set(s.speaker, (said.get(s.speaker) ?? 0) + words(s.text).length);
  return [...said].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}
