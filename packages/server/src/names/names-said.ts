/**
 * Names found in what was said, and whose they are. Pure functions over transcript segments, shared by
 * the speaker suggestions (a label called by its name) and the action items (a request addressed to a
 * person belongs to that person, whoever answers).
 *
 * Three ways people say a name, each with a rule for whose name it is:
 * - addressing: "Priya, what about the launch email?" or "... by Thursday, David?" names the next
 *   speaker (another voice than the one asking, within a few seconds);
 * - introducing oneself: "I'm Maria from sales", "my name is Maria", "Maria here" names the speaker;
 * - thanking: "Thanks, David" / "thank you David" names the previous speaker.
 *
 * The rules read the shape of the sentence (a name set off by a comma at the start or end of a question
 * or request, the words around a self-introduction), not a list of names: recognition spells names by
 * ear, so a name said at the start of a sentence is kept even when it reads as an ordinary word
 * ("Pretty, what about...") and only counts once it matches a person (match-name.ts) or stands where
 * only a name can (capitalised inside a sentence).
 */

export interface SaidSegment {
  speaker: string;
  text: string;
  /** Seconds or milliseconds: only compared with each other and with `maxAnswerGap` in the same unit. */
  startTime: number;
  endTime: number;
}

export type MentionKind = 'addressed' | 'introduced' | 'thanked';

export interface NameMention {
  /** The name as written in the transcript ("Priya", "David Chen"). */
  name: string;
  kind: MentionKind;
  /** Index of the segment that says the name. */
  segment: number;
  /** The label the name belongs to by the rule of its kind; null when nobody answers / spoke before. */
  speaker: string | null;
  /**
   * True when the word can only be a name where it stands (capitalised inside a sentence, or after
   * "my name is"); false for a word at the start of a sentence, which may be an ordinary word and is
   * only worth something once it matches a person.
   */
  certain: boolean;
}

export interface NamesSaidOptions {
  /** An answer must start within this time after the addressing segment ends (segment units); default 8. */
  maxAnswerGap?: number;
}

// Words that open a sentence and are set off by a comma without being a name: discourse markers,
// interjections and answers of spoken English (how people speak, not a list of these recordings).
const NOT_NAMES = new Set(
  (
    'okay ok so well yeah yes yep no nope right now alright all sorry actually anyway anyways great good fine ' +
    'cool sure look listen hey hi hello oh ah um uh erm hmm mm mhm uh-huh and but or then also first second ' +
    'finally basically honestly seriously obviously maybe perhaps please thanks thank guys everyone everybody ' +
    'folks team yesterday today tomorrow again still though however otherwise meanwhile besides true exactly ' +
    'absolutely definitely totally really wait hold okay-so like see i you we they he she it this that there here ' +
    'what why how when where who which sir madam man dude nah yup just your my our his their with for to in on ' +
    "at of from by that's it's there's here's what's " +
    // words that open a reply by judging or taking up what was just said ("Perfect, could you...",
    // "Same, can you...": me too): capitalised only because they open the sentence
    'same perfect lovely brilliant excellent awesome wonderful fantastic amazing nice super agreed understood ' +
    'noted correct indeed certainly gotcha sounds'
  ).split(' '),
);

/**
 * Days and months: English writes them capitalised anywhere in a sentence, so neither the capital nor
 * the comma before a request ("Friday, can you send it?", "..., Friday?", "It's Monday, so...") shows
 * a name; they count only as the name of a person (May, June).
 */
const CALENDAR = new Set(
  (
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june july ' +
    'august september october november december'
  ).split(' '),
);
const isCalendarWord = (name: string) => CALENDAR.has(name.split(/\s+/)[0]!.toLowerCase());

const WORD = "[\\p{L}][\\p{L}'’-]*";
/** One or two name words: "David", "David Chen" (a second word only when capitalised). */
const NAME = `(${WORD}(?:\\s+\\p{Lu}[\\p{L}'’-]*)?)`;

const SENTENCE = /[^.!?]+[.!?]*/gu;
const ADDRESS_START = new RegExp(`^\\s*(?:(?:hey|so|and|okay|ok|now|right)\\s*,?\\s+)?${NAME}\\s*,\\s*\\S`, 'iu');
const ADDRESS_END = new RegExp(`,\\s*${NAME}\\s*[?.!]*\\s*$`, 'u');
const INTRO = new RegExp(
  `\\b(?:i'm|i’m|i am|my name is|my name's|this is|it's|it’s)\\s+${NAME}(?=\\s*(?:[,.!?]|$|\\s+(?:from|here|with|of|in|at|and|speaking|on)\\b))`,
  'iu',
);
const HERE = new RegExp(`^\\s*(?:hi|hello|hey)?[,\\s]*${NAME}\\s+here\\b`, 'iu');
const THANKS = new RegExp(`\\b(?:thanks|thank you|cheers)\\s*,?\\s+${NAME}(?=\\s*(?:[,.!?]|$))`, 'iu');

/** A name's shape: a capital, then small letters ("Ana", "O'Neil"); not "LCDs", "You'd" or "Mm-hmm". */
const NAME_SHAPE = /^\p{Lu}\p{Ll}+(?:['’]\p{Lu}\p{Ll}+)?(?:\s+\p{Lu}\p{Ll}+)?$/u;
/**
 * Speaking to someone: right after a vocative the request turns to "you" within its first words ("Ana,
 * can you...", "Ana, what do you think?", "Antek, you agree?"); a topic set off by a comma does not
 * ("Audio, we have your basic...").
 */
const TURNS_TO_YOU = /,\s*(?:[\p{L}']+\s+){0,2}you\b/iu;

/** Requests and questions: what an addressed person is expected to answer. */
const ASKS = /\?|\b(?:can|could|would|will|please|what|how|when|why|do|did|are|is|have)\b/iu;

/** The name in `raw` (a word or two said where a name stands), or null for a discourse word ("Okay", "So"). */
export function cleanName(raw: string): string | null {
  const words = raw.trim().split(/\s+/);
  const first = words[0]!.toLowerCase();
  if (NOT_NAMES.has(first) || first.length < 2) return null;
  // a second word that is not capitalised was not part of the name
  return words.filter((w, i) => i === 0 || /^\p{Lu}/u.test(w)).join(' ');
}

const isCapitalised = (name: string) => /^\p{Lu}\p{Ll}/u.test(name);

/**
 * How the meeting itself writes each word: recognition writes ordinary words in lower case inside a
 * sentence and names capitalised. A word the meeting also says in lower case is an ordinary word ("the
 * same", "pretty good"); one it capitalises inside a sentence ("thanks, Ana") is a name.
 */
function howWordsAreWritten(segments: readonly SaidSegment[]) {
  const lower = new Set<string>();
  const capitalisedInside = new Set<string>();
  for (const seg of segments) {
    for (const sentence of seg.text.match(SENTENCE) ?? []) {
      const words = sentence.match(/[\p{L}][\p{L}'’-]*/gu) ?? [];
      words.forEach((word, i) => {
        if (/^\p{Ll}/u.test(word)) lower.add(word.toLowerCase());
        else if (i > 0 && isCapitalised(word)) capitalisedInside.add(word.toLowerCase());
      });
    }
  }
  const firstWord = (name: string) => name.split(/\s+/)[0]!.toLowerCase();
  return {
    /** Never said as an ordinary word in this meeting. */
    neverOrdinary: (name: string) => !lower.has(firstWord(name)),
    /** Written as a name inside a sentence somewhere, and never as an ordinary word. */
    writtenAsName: (name: string) => !lower.has(firstWord(name)) && capitalisedInside.has(firstWord(name)),
  };
}

/** Names said in the transcript (segments in time order), each with the label it belongs to. */
export function namesSaid(segments: readonly SaidSegment[], options: NamesSaidOptions = {}): NameMention[] {
  const maxGap = options.maxAnswerGap ?? 8;
  const mentions: NameMention[] = [];
  const written = howWordsAreWritten(segments);

  const nextOtherSpeaker = (i: number): string | null => {
    const asker = segments[i]!;
    for (let j = i + 1; j < segments.length; j++) {
      const s = segments[j]!;
      if (s.startTime - asker.endTime > maxGap) return null;
      if (s.speaker !== asker.speaker) return s.speaker;
    }
    return null;
  };
  const previousOtherSpeaker = (i: number): string | null => {
    const thanker = segments[i]!;
    for (let j = i - 1; j >= 0; j--) {
      const s = segments[j]!;
      if (thanker.startTime - s.endTime > maxGap) return null;
      if (s.speaker !== thanker.speaker) return s.speaker;
    }
    return null;
  };

  segments.forEach((seg, i) => {
    const sentences = seg.text.match(SENTENCE) ?? [];
    const add = (raw: string | undefined, kind: MentionKind, speaker: string | null, certain: boolean) => {
      const name = raw ? cleanName(raw) : null;
      if (!name) return;
      if (mentions.some((m) => m.segment === i && m.name === name && m.kind === kind)) return;
      // Only a word shaped as a name is surely one ("Play-Doh", "Mm-hmm" and "LCDs" are not), and no day
      // or month is.
      mentions.push({
        name,
        kind,
        segment: i,
        speaker,
        certain: certain && NAME_SHAPE.test(name) && !isCalendarWord(name),
      });
    };
    for (const sentence of sentences) {
      // "I'm done" is no introduction: the word after "I'm" must be capitalised (a name inside a
      // sentence) or follow "my name is"; "this is X" / "it's X" introduce only at the start of a turn
      const intro = INTRO.exec(sentence);
      if (intro && (isCapitalised(intro[1]!) || /my name/iu.test(intro[0]))) {
        if (!/^(this|it)/iu.test(intro[0].trim()) || seg.text.trimStart().startsWith(sentence.trimStart()))
          add(intro[1], 'introduced', seg.speaker, true);
      }
      // "Maria here" opens its sentence, where every word is capitalised ("Same here."): a name only
      // when the meeting writes it as one elsewhere, or once it matches a person.
      const here = intro ? null : HERE.exec(sentence);
      if (here) add(here[1], 'introduced', seg.speaker, written.writtenAsName(here[1]!));
      const thanks = THANKS.exec(sentence);
      if (thanks) add(thanks[1], 'thanked', previousOtherSpeaker(i), isCapitalised(thanks[1]!));
      if (!ASKS.test(sentence)) continue;
      const start = ADDRESS_START.exec(sentence);
      // A name that opens the sentence is capitalised anyway: set off by a comma before a question or a
      // request (the vocative, "Ana, can you...") it is one when the meeting never says it as an
      // ordinary word; otherwise only once it matches a person.
      if (start) {
        const vocative = NAME_SHAPE.test(start[1]!) && written.neverOrdinary(start[1]!) && TURNS_TO_YOU.test(sentence);
        add(start[1], 'addressed', nextOtherSpeaker(i), written.writtenAsName(start[1]!) || vocative);
      }
      const end = ADDRESS_END.exec(sentence);
      if (end && isCapitalised(end[1]!)) add(end[1], 'addressed', nextOtherSpeaker(i), true);
    }
  });
  return mentions;
}
