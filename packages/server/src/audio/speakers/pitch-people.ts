/**
 * People told apart by pitch (pitch.ts), where the MFCC statistics blur them (docs/decisions/025).
 *
 * How voices work: a speaker's median F0 sits near the floor of their speaking range. Emphasis,
 * questions and laughter lift a second of speech well above it (on half A one man's two-block runs
 * rose up to 9 semitones above his median), but speech rarely drops far below it (at most 1.8
 * semitones on half A, 2.9 on half B). So a stretch of a person's speech whose pitch sits far below
 * that person's median is somebody else's voice, typically a man's among a woman's (~7–10 semitones
 * apart), while a stretch far above it says nothing. Between two whole stretches of speech the
 * medians of one voice stay within a few semitones whichever is higher.
 */
import { PitchStats } from './pitch.ts';
import { labelCount } from './resegment.ts';
import type { SpeakerBlock } from './speaker-features.ts';

/** Semitones below a person's median pitch that their own speech does not reach (half A: ≤ 1.8). */
export const BELOW_OWN_SEMITONES = 5;
/** Voiced frames (20 ms) a person's pitch needs to be known: a second of voiced speech. */
const PERSON_VOICED = 50;
/** Voiced frames a stretch needs to tell: 0.4 s of voiced speech. */
const STRETCH_VOICED = 20;
/** A block counts with at least this many voiced frames (0.1 s). */
const BLOCK_VOICED = 5;
/** Another person within this many semitones of a low stretch may be its voice: then no new person. */
const SAME_VOICE_SEMITONES = 3;
/**
 * Two whole stretches of one voice (each with a second of voiced speech) differ by less than this:
 * more is two people. On half A one speaker's stretches differed by up to 6.5 semitones (at 7, brief
 * speech of one person was cut in two in 7 of 391 windows of 3–7 blocks; at 8 in none); half B's
 * largest was 7.8. Men and women typically sit 7–10 semitones apart (120 against 200 Hz: 8.8).
 */
export const APART_SEMITONES = 8;

/**
 * Labels (blocks sorted by time, compact) where runs of a person's blocks sit more than
 * BELOW_OWN_SEMITONES below that person's median pitch, each block of the run too, for at least
 * `minSeconds` (a run shorter than a segment part could not show) and STRETCH_VOICED voiced frames:
 * such a run becomes a person of its own, unless another person's median is that low (then no change:
 * which of them it is the statistics already judged).
 */
export function lowVoicesApart(sorted: readonly SpeakerBlock[], labels: Int32Array, minSeconds: number): Int32Array {
  if (!sorted.some((b) => b.pitch)) return labels;
  const people = labelCount(labels);
  const median = Array.from({ length: people }, (_, p) =>
    PitchStats.merged(sorted.filter((_, i) => labels[i] === p).map((b) => b.pitch)),
  ).map((s) => (s.voiced() >= PERSON_VOICED ? s.medianSemitones() : Number.NaN));
  const out = labels.slice();
  let next = people;
  let i = 0;
  while (i < sorted.length) {
    const p = labels[i]!;
    const low = (k: number) => {
      const s = sorted[k]!.pitch;
      return (
        labels[k] === p &&
        s !== undefined &&
        s.voiced() >= BLOCK_VOICED &&
        s.medianSemitones() < median[p]! - BELOW_OWN_SEMITONES
      );
    };
    if (Number.isNaN(median[p]!) || !low(i)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < sorted.length && low(j + 1)) j++;
    const run = PitchStats.merged(sorted.slice(i, j + 1).map((b) => b.pitch));
    const at = run.medianSemitones();
    const known = median.some((m, q) => q !== p && Math.abs(m - at) < SAME_VOICE_SEMITONES);
    if (
      sorted[j]!.end - sorted[i]!.start >= minSeconds &&
      run.voiced() >= STRETCH_VOICED &&
      at < median[p]! - BELOW_OWN_SEMITONES &&
      !known
    ) {
      out.fill(next, i, j + 1);
      median.push(at);
      next++;
    }
    i = j + 1;
  }
  return out;
}

/**
 * Where a few blocks' pitch falls in two groups (cut at the widest gap between the blocks' medians, the
 * two groups' medians APART_SEMITONES or more apart and each with STRETCH_VOICED voiced frames): the
 * blocks of the lower group, or none. When too little speech was found for the statistics to tell voices
 * apart (fewer blocks than the minimum, all one person), these are a second person (people.ts rule 5).
 * A few seconds of speech say nothing against it; a longer monologue never comes here (its blocks are
 * clustered, and one voice's pitch is a continuum, not two groups).
 */
export function lowPitchGroup(sorted: readonly SpeakerBlock[]): number[] {
  const voiced = sorted
    .map((b, i) => ({ i, pitch: b.pitch }))
    .filter((x): x is { i: number; pitch: PitchStats } => (x.pitch?.voiced() ?? 0) >= BLOCK_VOICED)
    .sort((a, b) => a.pitch.medianSemitones() - b.pitch.medianSemitones());
  if (voiced.length < 2) return [];
  let cut = 1;
  for (let k = 2; k < voiced.length; k++) {
    const gap = (j: number) => voiced[j]!.pitch.medianSemitones() - voiced[j - 1]!.pitch.medianSemitones();
    if (gap(k) > gap(cut)) cut = k;
  }
  const low = PitchStats.merged(voiced.slice(0, cut).map((x) => x.pitch));
  const high = PitchStats.merged(voiced.slice(cut).map((x) => x.pitch));
  if (
    low.voiced() < STRETCH_VOICED ||
    high.voiced() < STRETCH_VOICED ||
    high.medianSemitones() - low.medianSemitones() < APART_SEMITONES
  )
    return [];
  return voiced.slice(0, cut).map((x) => x.i);
}

/**
 * Whether two stretches' pitch says two people: each with a second of voiced speech and medians
 * APART_SEMITONES or more apart.
 */
export function pitchApart(a: PitchStats | undefined, b: PitchStats | undefined): boolean {
  if (!a || !b || a.voiced() < PERSON_VOICED || b.voiced() < PERSON_VOICED) return false;
  return Math.abs(a.medianSemitones() - b.medianSemitones()) >= APART_SEMITONES;
}
