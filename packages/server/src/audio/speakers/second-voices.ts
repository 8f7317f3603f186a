/**
 * What a second voice (an overlap piece, speech/overlap-speech.ts) adds to the transcript
 * (docs/decisions/024). By default the stretch where two people speak at once is not recognised
 * again: the second voice's segment holds the unheard mark (UNHEARD_SEGMENT_TEXT), its person and
 * its time, and the label stage then stores no segment without a word (label.ts `hasWord`, decision
 * 241): the mark itself is never stored. Recognised alone (`hear`), Moonshine gave the louder
 * voice again, heard a little differently, so only words no ordinary segment at that time has are
 * kept, and only when there are enough of them; otherwise the segment is marked unheard (or dropped).
 * Nothing empty is shown, and no word twice.
 */
import { UNHEARD_SEGMENT_TEXT } from '@parley/contract';

export interface SecondVoiceOptions {
  /** New words a second hearing needs to be shown (0 with keep 'all': every second hearing); default MIN_NEW_WORDS. */
  minNewWords?: number;
  /** 'new': only the new words are shown; 'all': the whole second hearing. Default 'new'. */
  keep?: 'new' | 'all';
  /** A second hearing with too few new words: 'mark' the second voice's time as unheard (default), or 'drop' it. */
  unheard?: 'drop' | 'mark';
}

/**
 * A second hearing with fewer new words than this shows none of them (chosen on half A, decision 024:
 * its one overlap gave three new words, two of them wrong; at 4 no wrong word is added).
 */
export const MIN_NEW_WORDS = 4;

const norm = (w: string) =>
  w
    .toLowerCase()
    .match(/[\p{L}\p{N}']+/gu)
    ?.join('') ?? '';

/**
 * Whether `w` is a word of `heard`, or one of them with another ending ("flood" / "floods",
 * "bring" / "bringing"): the same voice recognised twice varies most in its endings.
 */
function heardBefore(w: string, heard: ReadonlySet<string>): boolean {
  if (heard.has(w)) return true;
  for (const h of heard) {
    const [short, long] = h.length < w.length ? [h, w] : [w, h];
    if (short.length >= 4 && long.startsWith(short)) return true;
  }
  return false;
}

/**
 * Overlap segments (`overlap: true`) keep only the words the ordinary segments overlapping them in
 * time do not have; those left with fewer than `minNewWords` are removed. In place; order is kept.
 */
export function keepSecondVoiceWords(
  segments: Array<{ text: string; start: number; end: number; overlap?: boolean }>,
  options: SecondVoiceOptions = {},
): void {
  const min = options.minNewWords ?? MIN_NEW_WORDS;
  for (let i = segments.length - 1; i >= 0; i--) {
    const s = segments[i]!;
    if (!s.overlap) continue;
    const heard = new Set(
      segments
        .filter((o) => !o.overlap && o.start < s.end && o.end > s.start)
        .flatMap((o) => o.text.split(/\s+/).map(norm))
        .filter(Boolean),
    );
    const tokens = s.text.split(/\s+/).filter((t) => norm(t));
    const fresh = tokens.filter((t) => !heardBefore(norm(t), heard));
    if (fresh.length < min || tokens.length === 0) {
      if (options.unheard !== 'drop') s.text = UNHEARD_SEGMENT_TEXT;
      else segments.splice(i, 1);
    } else if (options.keep !== 'all') s.text = fresh.join(' ');
  }
}

/** Second voices of one person this close become one segment: less than a word's pause between them. */
const JOIN_GAP_SECONDS = 0.5;

/**
 * Second voices once labelled and their edges final (in place; `labelled` ordered by start): a second
 * voice under the person whose ordinary segment holds most of that time is that person heard twice,
 * not a second voice, and is dropped; second voices of one person less than JOIN_GAP_SECONDS apart
 * become one segment.
 */
export function keepDistinctSecondVoices(
  labelled: Array<{ speaker: string; text: string; start: number; end: number; overlap?: boolean }>,
): void {
  const own = (s: { speaker: string; start: number; end: number }) =>
    labelled
      .filter((o) => !o.overlap && o.speaker === s.speaker)
      .reduce((t, o) => t + Math.max(0, Math.min(o.end, s.end) - Math.max(o.start, s.start)), 0);
  for (let i = labelled.length - 1; i >= 0; i--) {
    const s = labelled[i]!;
    if (s.overlap && own(s) >= 0.5 * (s.end - s.start)) labelled.splice(i, 1);
  }
  for (let i = labelled.length - 1; i >= 0; i--) {
    const s = labelled[i]!;
    if (!s.overlap) continue;
    const j = labelled.findIndex(
      (o, k) => k < i && o.overlap && o.speaker === s.speaker && o.end + JOIN_GAP_SECONDS > s.start,
    );
    if (j < 0) continue;
    const into = labelled[j]!;
    into.end = Math.max(into.end, s.end);
    const words = [into.text, s.text].filter((t) => t !== UNHEARD_SEGMENT_TEXT);
    into.text = words.length ? words.join(' ') : UNHEARD_SEGMENT_TEXT;
    labelled.splice(i, 1);
  }
}
