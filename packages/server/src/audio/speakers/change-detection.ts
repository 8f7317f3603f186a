/**
 * Speaker change detection inside speech: cuts the time-ordered speech blocks into segments that
 * each hold (as far as the signal tells) one speaker. A pause of `pauseSeconds` always ends a
 * segment; inside continuous speech a boundary between two blocks is a change when the ΔBIC of the
 * `windowBlocks` blocks on either side says "two Gaussians" (> 0) and it is the largest ΔBIC within
 * that window. Segments are also kept to at most `maxSegmentBlocks`, so that an undetected change
 * never puts much of two people into one segment before clustering.
 */
import { deltaBic, GaussStats } from './gaussian.ts';
import type { SpeakerBlock } from './speaker-features.ts';

export interface ChangeOptions {
  /** Blocks on each side of a candidate boundary; default 3 (~1.5 s of speech). */
  windowBlocks?: number;
  /** BIC penalty weight; default 1 (the textbook criterion). */
  lambda?: number;
  /** A gap between blocks at least this long always ends a segment; default 0.5 s. */
  pauseSeconds?: number;
  /** Longest segment in blocks; default 6 (~3 s of speech). */
  maxSegmentBlocks?: number;
}

/** Segments as [first, end) ranges of block indices; `blocks` must be in time order. */
export function detectChanges(blocks: SpeakerBlock[], options: ChangeOptions = {}): Array<[number, number]> {
  const w = options.windowBlocks ?? 3;
  const lambda = options.lambda ?? 1;
  const pause = options.pauseSeconds ?? 0.5;
  const maxLen = options.maxSegmentBlocks ?? 6;
  const segments: Array<[number, number]> = [];
  let runStart = 0;
  for (let i = 1; i <= blocks.length; i++) {
    if (i < blocks.length && blocks[i]!.start - blocks[i - 1]!.end < pause) continue;
    cutRun(blocks, runStart, i, w, lambda, maxLen, segments);
    runStart = i;
  }
  return segments;
}

/** Split the run [a, b) of blocks at detected changes, then at most every maxLen blocks. */
function cutRun(
  blocks: SpeakerBlock[],
  a: number,
  b: number,
  w: number,
  lambda: number,
  maxLen: number,
  out: Array<[number, number]>,
): void {
  if (b <= a) return;
  const scores: number[] = [];
  for (let i = a + 1; i < b; i++) {
    const left = GaussStats.merged(...blocks.slice(Math.max(a, i - w), i).map((x) => x.stats));
    const right = GaussStats.merged(...blocks.slice(i, Math.min(b, i + w)).map((x) => x.stats));
    scores.push(deltaBic(left, right, lambda));
  }
  const cuts = [a];
  for (let i = a + 1; i < b; i++) {
    const s = scores[i - a - 1]!;
    if (s <= 0) continue;
    let peak = true;
    for (let j = Math.max(a + 1, i - w); j < Math.min(b, i + w + 1) && peak; j++) {
      if (j !== i && scores[j - a - 1]! > s) peak = false;
    }
    if (peak) cuts.push(i);
  }
  cuts.push(b);
  for (let k = 0; k + 1 < cuts.length; k++) {
    const [s, e] = [cuts[k]!, cuts[k + 1]!];
    // split long stretches evenly into pieces of at most maxLen blocks
    const parts = Math.ceil((e - s) / maxLen);
    for (let p = 0; p < parts; p++) {
      out.push([s + Math.round(((e - s) * p) / parts), s + Math.round(((e - s) * (p + 1)) / parts)]);
    }
  }
}
