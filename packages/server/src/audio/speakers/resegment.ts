/**
 * Re-segmentation: given a first clustering, fit one full-covariance Gaussian per speaker and
 * relabel every block with a Viterbi pass over the blocks in time order (staying with the same
 * speaker is free; a change costs `switchPenalty`, less across a long pause). Models are re-fitted
 * from the new labels a few times. This moves the boundaries found by change detection to where the
 * speaker models say the change is, and reassigns blocks the first clustering put with the wrong
 * speaker.
 */
import { frameLogLikelihood, GaussStats, toModel } from './gaussian.ts';
import type { SpeakerBlock } from './speaker-features.ts';

export interface ResegmentOptions {
  /** Cost of a speaker change between neighbouring blocks (nats of block evidence); default 8. */
  switchPenalty?: number;
  /** Independent observations a block's frames count as per second (MFCC frames are correlated); default 10. */
  framesWeightPerSecond?: number;
  /** Passes of fit + Viterbi; default 3. */
  iterations?: number;
}

/** New labels (0..k'-1, clusters that lose every block disappear) for time-ordered blocks. */
export function resegment(blocks: SpeakerBlock[], labels: Int32Array, options: ResegmentOptions = {}): Int32Array {
  const penalty = options.switchPenalty ?? 8;
  const weightPerFrame = (options.framesWeightPerSecond ?? 10) / 100; // 100 frames per second
  let current = compact(labels);
  for (let iter = 0; iter < (options.iterations ?? 3); iter++) {
    const k = Math.max(...current) + 1;
    if (k <= 1) return current;
    const sums = Array.from({ length: k }, () => new GaussStats(blocks[0]!.stats.d));
    blocks.forEach((b, i) => {
      sums[current[i]!]!.add(b.stats);
    });
    const models = sums.map(toModel);
    const next = viterbi(
      blocks,
      (i, c) => -weightPerFrame * blocks[i]!.stats.n * frameLogLikelihood(blocks[i]!.stats, models[c]!),
      k,
      penalty,
    );
    const compacted = compact(next);
    const changed = compacted.some((v, i) => v !== current[i]);
    current = compacted;
    if (!changed) break;
  }
  return current;
}

/** Minimum-cost label sequence: cost(i, c) per block plus `penalty` per change (a third of it across a pause > 2 s). */
export function viterbi(
  blocks: Array<{ start: number; end: number }>,
  cost: (i: number, c: number) => number,
  k: number,
  penalty: number,
): Int32Array {
  const n = blocks.length;
  const back = new Int32Array(n * k);
  let prev = new Float64Array(k);
  for (let c = 0; c < k; c++) prev[c] = cost(0, c);
  for (let i = 1; i < n; i++) {
    const p = blocks[i]!.start - blocks[i - 1]!.end > 2 ? penalty / 3 : penalty;
    let bestPrev = 0;
    for (let c = 1; c < k; c++) if (prev[c]! < prev[bestPrev]!) bestPrev = c;
    const next = new Float64Array(k);
    for (let c = 0; c < k; c++) {
      const stay = prev[c]!;
      const move = prev[bestPrev]! + p;
      const from = stay <= move ? c : bestPrev;
      next[c] = Math.min(stay, move) + cost(i, c);
      back[i * k + c] = from;
    }
    prev = next;
  }
  const out = new Int32Array(n);
  let c = 0;
  for (let q = 1; q < k; q++) if (prev[q]! < prev[c]!) c = q;
  for (let i = n - 1; i >= 0; i--) {
    out[i] = c;
    c = back[i * k + c]!;
  }
  return out;
}

/** People in labels numbered from 0 (one more than the highest label; 0 for none). */
export function labelCount(labels: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < labels.length; i++) n = Math.max(n, labels[i]! + 1);
  return n;
}

/** Renumber labels 0..k'-1 in order of first appearance. */
export function compact(labels: ArrayLike<number>): Int32Array {
  const ids = new Map<number, number>();
  const out = new Int32Array(labels.length);
  for (let i = 0; i < labels.length; i++) {
    if (!ids.has(labels[i]!)) ids.set(labels[i]!, ids.size);
    out[i] = ids.get(labels[i]!)!;
  }
  return out;
}

/** The value most frequent in a run of labels or tracks (ties: the first to lead); -1 for an empty run. */
export function mostFrequent(values: Int32Array): number {
  const n = new Map<number, number>();
  let best = -1;
  for (const v of values) {
    n.set(v, (n.get(v) ?? 0) + 1);
    if (best < 0 || n.get(v)! > n.get(best)!) best = v;
  }
  return best;
}
