// Who a sentence speaks to and whether the next turn takes the task on: "David, can you fix the checkout
// failures?" answered by "Yes, I will fix it by Thursday" is one task, owned by whoever said yes.
// Pure functions over sentences (issue 24; the speakers-by-name work may later offer the same from its own
// name finder).
import type { Sentence } from './text.ts';

/** Capitalised words that open or close a sentence without being a name ("Okay, can you ..."). */
const NOT_A_NAME = new Set(
  `okay ok so well yes yeah yep no nope right alright sure now then and but also oh um uh hey hi hello thanks thank
please sorry good great fine cool listen look see wait actually basically anyway guys everyone everybody folks team
i you we they he she it this that there here what why how when where which who maybe perhaps first second next
finally again today tomorrow monday tuesday wednesday thursday friday saturday sunday`.split(/\s+/),
);

/** "David, can you ...", "Priya, please ...": a name, then a comma, at the start of the sentence. */
const LEADING_VOCATIVE =
  /^(?:(?:okay|ok|so|and|now|right|then|alright|well),?\s+)?([A-Z][a-z'-]+(?: [A-Z][a-z'-]+)?),\s/;
/** "... by Friday, David?": a name after the last comma, at the end. */
const TRAILING_VOCATIVE = /,\s+([A-Z][a-z'-]+(?: [A-Z][a-z'-]+)?)\s*[?.!]*$/;

/** The name a sentence is addressed to, when it says one: a known participant, else a vocative name. */
export function addressedName(sentence: Sentence, participants: string[]): string | null {
  const lower = sentence.text.toLowerCase();
  const speaker = sentence.speaker.toLowerCase();
  const known = participants.find((name) => {
    const n = name.toLowerCase();
    return lower.includes(n) && n !== speaker && !speaker.startsWith(`${n} `) && wholeWord(n).test(lower);
  });
  if (known) return known;
  for (const pattern of [LEADING_VOCATIVE, TRAILING_VOCATIVE]) {
    const name = sentence.text.match(pattern)?.[1];
    if (name && !NOT_A_NAME.has(name.split(' ')[0]!.toLowerCase()) && name.toLowerCase() !== speaker) return name;
  }
  return null;
}

const SELF_INTRODUCTION = /\b(?:i'm|i am|my name is|my name's|this is)\s+([A-Z][a-z'-]+)\b/g;

/**
 * Names said in the meeting: people addressed ("David, can you ...", "... Priya?") and people introducing
 * themselves ("I'm Laura"). They let "Priya will send ..." be read as Priya's task when no label says Priya.
 */
export function namesSaid(sentences: Sentence[]): string[] {
  const names = new Set<string>();
  const keep = (name: string | undefined) => {
    if (name && !NOT_A_NAME.has(name.split(' ')[0]!.toLowerCase())) names.add(name);
  };
  for (const sentence of sentences) {
    keep(sentence.text.match(LEADING_VOCATIVE)?.[1]);
    keep(sentence.text.match(TRAILING_VOCATIVE)?.[1]);
    for (const match of sentence.text.matchAll(SELF_INTRODUCTION)) keep(match[1]);
  }
  return [...names];
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
    if (ACCEPT.test(next.text) && !REFUSE.test(opening.replace(/^no problem/i, ''))) return next;
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
