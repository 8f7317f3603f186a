// Who a request is for and whether the next turn takes the task on: "David, can you fix the checkout
// failures?" answered by "Yes, I will fix it by Thursday" is one task, owned by whoever said yes. Names said
// in the meeting come from names/names-said.ts (shared with the speaker names).
import { cleanName, namesSaid } from '../../names/names-said.ts';
import type { NotesSegment } from '../types.ts';
import type { Sentence } from './text.ts';

export interface NamesInMeeting {
  /** Every name said (addressed, introduced, thanked): "Priya will send ..." then reads as Priya's part. */
  names: string[];
  /** Names addressed in each segment, by segment index. */
  addressed: Map<number, string[]>;
  /** Words the meeting says in lower case inside a sentence: ordinary words, not names. */
  ordinary: Set<string>;
}

export function namesInMeeting(segments: NotesSegment[]): NamesInMeeting {
  const mentions = namesSaid(
    segments.map((s) => ({ ...s, startTime: s.startMs, endTime: s.endMs })),
    {
      maxAnswerGap: 8000,
    },
  );
  // "Just, ..." or "Check, check here": a word the meeting also says in lower case is an ordinary word.
  const ordinary = new Set<string>();
  for (const s of segments) for (const word of s.text.match(/(?<=\s)[a-z][\w'-]*/g) ?? []) ordinary.add(word);
  const addressed = new Map<number, string[]>();
  for (const m of mentions) {
    if (m.kind !== 'addressed' || (!m.certain && ordinary.has(m.name.toLowerCase()))) continue;
    addressed.set(m.segment, [...(addressed.get(m.segment) ?? []), m.name]);
  }
  // A word opening a sentence may be an ordinary word set off by a comma: only sure names assign work by name.
  return { names: [...new Set(mentions.filter((m) => m.certain).map((m) => m.name))], addressed, ordinary };
}

/** The name a sentence is addressed to: a known participant said in it, else the name it addresses. */
export function addressedName(sentence: Sentence, participants: string[], said: NamesInMeeting): string | null {
  const lower = sentence.text.toLowerCase();
  const speaker = sentence.speaker.toLowerCase();
  const known = participants.find((name) => {
    const n = name.toLowerCase();
    return lower.includes(n) && n !== speaker && !speaker.startsWith(`${n} `) && wholeWord(n).test(lower);
  });
  if (known) return known;
  return said.addressed.get(sentence.segmentIndex)?.find((name) => sentence.text.includes(name)) ?? null;
}

/** A turn that takes a task on: "yes", "sure, I'll do it", "will do"; not "no" or "I can't". */
const ACCEPT =
  /^(?:(?:yes|yeah|yep|yup|sure|okay|ok|alright|all right|right|of course|absolutely|definitely|fine|no problem|will do|can do|sounds good)\b|i(?:'ll| will| can| could)\b|i(?:'m| am) on it\b)/i;
const REFUSE = /\b(?:no|not|n't|cannot|won't|can't|unless)\b/i;
/** How far ahead an answer may come: a few sentences, others' backchannels in between. */
const ANSWER_REACH = 4;

/** The sentence, by another speaker and just after `sentence`, that accepts what it asked; null when none. */
export function acceptingAnswer(sentence: Sentence, all: Sentence[]): Sentence | null {
  for (const next of all.slice(sentence.index + 1, sentence.index + 1 + ANSWER_REACH)) {
    if (next.speaker === sentence.speaker) {
      // The asker went on talking: a later "yes" answers something else.
      if (next.segmentIndex !== sentence.segmentIndex) return null;
      continue;
    }
    const opening = next.text.split(/\s+/).slice(0, 8).join(' ');
    if (ACCEPT.test(next.text) && !REFUSE.test(opening.replace(/\bno (?:problem|worries)\b/gi, ''))) return next;
    // A backchannel ("Mm-hmm.") is cleaned to nothing or a word; anything longer is a different reply.
    if (next.terms.length >= 2) return null;
  }
  return null;
}

const wordPatterns = new Map<string, RegExp>();
function wholeWord(name: string): RegExp {
  let pattern = wordPatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`);
    // Bounded: names come from one meeting and the user's contacts.
    if (wordPatterns.size > 10_000) wordPatterns.clear();
    wordPatterns.set(name, pattern);
  }
  return pattern;
}

const VOCATIVE_OPENING = /^(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?),\s+/u;

/**
 * "Priya, send the launch email": the name a sentence opens with, set off by a comma; null when the word
 * is a discourse word ("Okay, ...") or one the meeting also says in lower case. `length` is where the rest starts.
 */
export function openingVocative(text: string, said: NamesInMeeting): { name: string; length: number } | null {
  const match = VOCATIVE_OPENING.exec(text);
  if (!match) return null;
  const name = cleanName(match[1]!);
  if (!name || said.ordinary.has(name.toLowerCase().split(' ')[0]!)) return null;
  return { name, length: match[0].length };
}
