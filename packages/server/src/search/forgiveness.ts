import { soundsAlike } from '../lib/words/phonetic.ts';

// Which words of the user's vocabulary may stand for a query word the transcripts do not hold as typed
// (docs/decisions/161). A reading is offered only where it is close to the whole query word: a typo is one
// or two slips of the keyboard, never a short word inside the query ("and" in "andriod"); a sound-alike
// must also be a rare word (names, jargon) of about the same length, never "price" for "Priya". The
// thresholds were chosen on the dev split of bench/search-quality.bench.ts.

/** Query words shorter than this get no near-spellings (any change makes them another word). */
export const FUZZY_MIN_LENGTH = 4;
/** Slips allowed: one up to 6 letters, two from 7 (a long word keeps its shape after two). */
export const maxEdits = (length: number) => (length < FUZZY_MIN_LENGTH ? 0 : length < 7 ? 1 : 2);
/**
 * A query word the user's transcripts hold in more segments than this is taken as meant: it gets no
 * alternatives ("design" is not a misspelling of "resign", "lego" does not want "luck"). On the dev
 * split every known word offered alternatives cost precision and bought no recall (decision 161).
 */
export const FORGIVE_UP_TO_SEGMENTS = 0;
/** A sound-alike is a rare word: in at most this many of the user's segments (names, jargon). */
export const SOUND_ALIKE_MAX_SEGMENTS = 50;
/** Sound-alikes are looked for for query words of at least this many letters. */
const SOUND_ALIKE_MIN_LENGTH = 4;
/** A compound's other part ("white" in "whiteboard" for "board") has at least this many letters. */
const COMPOUND_REST = 3;

/**
 * Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent swaps), stopping
 * as soon as it exceeds `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] ?? 0) + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** A typo of the query word (or the query word of it). */
export function isNearSpelling(term: string, word: string): boolean {
  const allowed = maxEdits(term.length);
  // A short word is another word, however few letters apart ("and" for "andi", "leg" for "lego").
  if (allowed === 0 || word === term || word.length < FUZZY_MIN_LENGTH) return false;
  return editDistance(term, word, allowed) <= allowed;
}

/** A word of which the query word is a whole part: "board" in "whiteboard", "keyboard". */
export function isCompound(term: string, word: string): boolean {
  return (
    term.length >= 5 && word.length >= term.length + COMPOUND_REST && (word.startsWith(term) || word.endsWith(term))
  );
}

/** Letters that begin the same sound in English spelling ("Catherine" / "Kathryn", "Jeff" / "Geoff"). */
const SAME_ONSET = new Set([
  'ck',
  'kc',
  'cq',
  'qc',
  'kq',
  'qk',
  'cs',
  'sc',
  'sz',
  'zs',
  'gj',
  'jg',
  'fp',
  'pf',
  'iy',
  'yi',
]);
const VOWEL = /[aeiouy]/;
const sameOnset = (a: string, b: string) =>
  a[0] === b[0] || (VOWEL.test(a[0] ?? '') && VOWEL.test(b[0] ?? '')) || SAME_ONSET.has(`${a[0]}${b[0]}`);
/** Vowel groups: about the number of syllables. */
const syllables = (word: string) => word.match(/[aeiouy]+/g)?.length ?? 0;
/** The consonants after the first letter, doubles once: "catherine" cthrn, "kathryn" kthrn. */
const skeleton = (word: string) =>
  (word[0] ?? '') +
  word
    .slice(1)
    .replace(/[aeiouyhw]/g, '')
    .replace(/(.)\1/g, '$1');

/**
 * A rare word spelt another way for the same sound, of about the same length: the same Double Metaphone
 * code and the same first sound ("Sheila" / "Shayla"), or the code's letters in another order with as
 * many syllables ("Duguid" / "Goodwood"); either way with nearly the same consonants. Short query words sound like too much to be read this way.
 */
export function isSoundAlike(term: string, word: string, wordSegments: number): boolean {
  if (word === term || term.length < SOUND_ALIKE_MIN_LENGTH || word.length < SOUND_ALIKE_MIN_LENGTH) return false;
  if (wordSegments > SOUND_ALIKE_MAX_SEGMENTS) return false;
  if (Math.abs(word.length - term.length) > Math.max(2, Math.floor(term.length / 3))) return false;
  const alike = soundsAlike(term, word);
  const apart = editDistance(skeleton(term), skeleton(word), 2);
  if (alike === 'code') return sameOnset(term, word) && apart <= 1;
  return alike === 'letters' && syllables(term) === syllables(word) && apart <= 2;
}

/** Whether a query word is offered alternatives at all: unknown to the transcripts, or rare in them. */
export const forgiven = (termSegments: number | undefined) => (termSegments ?? 0) <= FORGIVE_UP_TO_SEGMENTS;
