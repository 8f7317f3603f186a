/**
 * The voice of each transcript segment, as statistics (never audio): the Gaussian sufficient statistics
 * of the MFCC frames the speaker stage already summarises (speaker-features.ts), added up over the
 * blocks whose middle falls in the segment. Kept with the segment, so that a label (or one segment)
 * assigned to a person teaches Parley that person's voice, and a new meeting's labels can be compared
 * with the voices already known (docs/decisions/130).
 */
import { GaussStats } from './gaussian.ts';
import type { SpeakerBlock } from './speaker-features.ts';

/** 10 ms per MFCC frame. */
export const FRAME_SECONDS = 0.01;

/**
 * Statistics per segment (segments in seconds, in any order; null where no speech block falls in it).
 * Blocks outside every segment (speech the recogniser kept no words for) are left out.
 */
export function segmentVoices(
  blocks: readonly SpeakerBlock[],
  segments: ReadonlyArray<{ startTime: number; endTime: number }>,
): Array<GaussStats | null> {
  const order = segments.map((_, i) => i).sort((a, b) => segments[a]!.startTime - segments[b]!.startTime);
  const out: Array<GaussStats | null> = segments.map(() => null);
  for (const block of blocks) {
    const mid = (block.start + block.end) / 2;
    // the last segment starting at or before the block's middle
    let lo = 0;
    let hi = order.length - 1;
    let at = -1;
    while (lo <= hi) {
      const m = (lo + hi) >> 1;
      if (segments[order[m]!]!.startTime <= mid) {
        at = m;
        lo = m + 1;
      } else hi = m - 1;
    }
    const index = at >= 0 ? order[at]! : -1;
    if (index < 0 || mid > segments[index]!.endTime) continue;
    out[index] = (out[index] ?? new GaussStats(block.stats.d)).add(block.stats);
  }
  return out;
}

/**
 * The stored form: frame count, mean and covariance (upper triangle) as float32, base64 (~1.1 kB per
 * segment). Centred moments keep float32 exact enough; the sums are rebuilt in float64 on reading.
 */
export function encodeVoice(s: GaussStats): string {
  const d = s.d;
  const mean = s.mean();
  const values = new Float32Array(1 + d + (d * (d + 1)) / 2);
  values[0] = s.n;
  values.set(mean, 1);
  let k = 1 + d;
  for (let p = 0; p < d; p++) for (let q = p; q < d; q++) values[k++] = s.outer[p * d + q]! / s.n - mean[p]! * mean[q]!;
  return Buffer.from(values.buffer).toString('base64');
}

export function decodeVoice(encoded: string): GaussStats {
  const bytes = Buffer.from(encoded, 'base64');
  const values = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  // length = 1 + d + d(d+1)/2
  const d = Math.round((-3 + Math.sqrt(9 + 8 * (values.length - 1))) / 2);
  const s = new GaussStats(d);
  s.n = values[0]!;
  for (let p = 0; p < d; p++) s.sum[p] = s.n * values[1 + p]!;
  let k = 1 + d;
  for (let p = 0; p < d; p++)
    for (let q = p; q < d; q++) s.outer[p * d + q] = s.n * (values[k++]! + values[1 + p]! * values[1 + q]!);
  return s;
}
