/**
 * What an overlap piece (speech/overlap-speech.ts) adds to the transcript (docs/decisions/024). The
 * stretch where two people speak at once is recognised twice: inside its ordinary piece and alone
 * for the second voice. Moonshine hears the louder voice both times, so most of what the second
 * hearing gives is the ordinary segment's words again, heard a little differently. Only words no
 * ordinary segment at that time has are kept; a second hearing with too few of them is dropped
 * (nothing empty, and no word shown twice).
 */

export interface SecondVoiceOptions {
  /** New words a second hearing needs to be shown (0 with keep 'all': every second hearing); default MIN_NEW_WORDS. */
  minNewWords?: number;
  /** 'new': only the new words are shown; 'all': the whole second hearing. Default 'new'. */
  keep?: 'new' | 'all';
  /** A second hearing with too few new words: 'mark' the second voice's time with UNHEARD (default), or 'drop' it. */
  unheard?: 'drop' | 'mark';
}

/** The text of a second voice's segment whose words were not recognised. */
export const UNHEARD = '…';

/** A second hearing with fewer new words than this is dropped. */
export const MIN_NEW_WORDS = 2;

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
      if (options.unheard !== 'drop') s.text = UNHEARD;
      else segments.splice(i, 1);
    } else if (options.keep !== 'all') s.text = fresh.join(' ');
  }
}
