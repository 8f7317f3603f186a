/**
 * The pitch of a voice (its fundamental frequency, F0), a cue the MFCC statistics largely remove:
 * c1..c19 describe the spectral envelope (the vocal tract), not the spacing of the harmonics. One
 * person's median F0 stays within a few semitones from one stretch of speech to the next, while men
 * (typically ~85–155 Hz) and women (~165–255 Hz) sit most of an octave apart, so a large difference
 * in median pitch is a strong, general sign of two people (docs/decisions/025).
 *
 * The tracker is YIN (de Cheveigné & Kawahara 2002: the cumulative-mean-normalised difference
 * function) on audio low-passed and decimated to 4 kHz, every 20 ms on frames the speaker features
 * already call speech: about 8,000 multiply-adds a frame, a few hundred thousand per second of speech.
 * Only a histogram of semitones per speaker block is kept (PitchStats), never the frames.
 */

import { SAMPLE_RATE } from '../decoding/ffmpeg.ts';

const SR = SAMPLE_RATE;
/** Decimation factor: pitch is measured at 4 kHz (F0 up to 420 Hz and its low harmonics need no more). */
const DECIMATE = 4;
const PSR = SR / DECIMATE;
/** Lowest and highest F0 looked for (Hz): below the deepest men's speaking voices, above most children's. */
export const PITCH_MIN_HZ = 60;
export const PITCH_MAX_HZ = 420;
/** Difference window: 30 ms, longer than two periods at the lowest F0 a man speaks at (~70 Hz). */
const WINDOW = Math.round(0.03 * PSR);
const MAX_LAG = Math.ceil(PSR / PITCH_MIN_HZ);
const MIN_LAG = Math.floor(PSR / PITCH_MAX_HZ);
/**
 * YIN's aperiodicity threshold: a frame is voiced when the normalised difference dips below it. 0.2
 * keeps clearly periodic frames only (breathy, overlapped or noisy ones are left out; a median needs
 * no more than the clear ones).
 */
const VOICED_THRESHOLD = 0.2;
/** Pitch is measured every 20 ms: on every other 10 ms MFCC frame (a median needs no more). */
export const PITCH_EVERY_FRAMES = 2;

/** The normalised difference function, the window and its running energy, reused by every call (pitchAt is synchronous). */
const diff = new Float64Array(MAX_LAG + 2);
const frame = new Float64Array(WINDOW + MAX_LAG + 1);
const squares = new Float64Array(WINDOW + MAX_LAG + 2);

/** Semitone histogram bins: bin k holds F0 in [BASE·2^(k/12), BASE·2^((k+1)/12)). */
const BASE_HZ = 55;
export const PITCH_BINS = Math.ceil(12 * Math.log2(PITCH_MAX_HZ / BASE_HZ));

/** 16 kHz samples low-passed (two 2nd-order Butterworth sections at 900 Hz) and kept one in four. */
export function decimateForPitch(samples: Float32Array): Float32Array {
  const out = new Float32Array(Math.floor(samples.length / DECIMATE));
  // biquad coefficients (RBJ low-pass, Q = 1/√2) for 900 Hz at 16 kHz
  const w = (2 * Math.PI * 900) / SR;
  const alpha = Math.sin(w) / Math.SQRT2;
  const a0 = 1 + alpha;
  const b0 = (1 - Math.cos(w)) / 2 / a0;
  const b1 = (1 - Math.cos(w)) / a0;
  const a1 = (-2 * Math.cos(w)) / a0;
  const a2 = (1 - alpha) / a0;
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  let z1 = 0;
  let z2 = 0;
  for (let i = 0; i < out.length * DECIMATE; i++) {
    const x = samples[i]!;
    const y = b0 * x + b1 * x1 + b0 * x2 - a1 * y1 - a2 * y2;
    const z = b0 * y + b1 * y1 + b0 * y2 - a1 * z1 - a2 * z2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    z2 = z1;
    z1 = z;
    if (i % DECIMATE === DECIMATE - 1) out[(i - DECIMATE + 1) / DECIMATE] = z;
  }
  return out;
}

/**
 * F0 (Hz) of the stretch of `low` (decimateForPitch's output) centred on 16 kHz sample `centre`, or
 * 0 when it is not clearly periodic (unvoiced, silent, too noisy) or the samples are shorter than 50 ms.
 */
export function pitchAt(low: Float32Array, centre: number): number {
  const span = WINDOW + MAX_LAG + 1;
  if (low.length < span) return 0;
  // centred where it fits, else moved inside the samples (a piece's first and last 50 ms)
  const start = Math.max(0, Math.min(low.length - span, Math.round(centre / DECIMATE) - (span >> 1)));
  // the window's samples and their running energy: d(τ) = E(0) + E(τ) − 2·r(τ), one multiply-add per
  // sample and lag (Σ (x_j − x_{j+τ})² written out costs twice that)
  for (let j = 0; j < span; j++) {
    const v = low[start + j]!;
    frame[j] = v;
    squares[j + 1] = squares[j]! + v * v;
  }
  const energy = squares[WINDOW]!;
  if (energy < 1e-10 * WINDOW) return 0; // digital silence
  // d'(τ) = d(τ)·τ / Σ_{k≤τ} d(k), YIN's cumulative-mean normalisation
  let running = 0;
  let found = -1;
  for (let tau = 1; tau <= MAX_LAG + 1; tau++) {
    let r = 0;
    for (let j = 0; j < WINDOW; j++) r += frame[j]! * frame[j + tau]!;
    const d = Math.max(0, energy + squares[tau + WINDOW]! - squares[tau]! - 2 * r);
    running += d;
    diff[tau] = running > 0 ? (d * tau) / running : 1;
  }
  for (let tau = MIN_LAG; tau <= MAX_LAG; tau++) {
    if (diff[tau]! < VOICED_THRESHOLD) {
      // walk down to the bottom of this dip
      while (tau + 1 <= MAX_LAG && diff[tau + 1]! < diff[tau]!) tau++;
      found = tau;
      break;
    }
  }
  if (found < 0) return 0;
  // parabolic interpolation around the dip for a period finer than a 4 kHz sample
  const a = diff[found - 1]!;
  const b = diff[found]!;
  const c = diff[found + 1]!;
  const den = a - 2 * b + c;
  const shift = den > 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / den)) : 0;
  return PSR / (found + shift);
}

/**
 * Voiced frames of a stretch of speech as a histogram of semitones (bins of PITCH_BINS from 55 Hz):
 * added like the MFCC statistics, its median is robust to the occasional octave error.
 */
export class PitchStats {
  readonly counts: Uint32Array;

  constructor(counts?: ArrayLike<number>) {
    this.counts = new Uint32Array(PITCH_BINS);
    if (counts) this.counts.set(counts);
  }

  addHz(f0: number): void {
    if (!(f0 > 0)) return;
    const k = Math.floor(12 * Math.log2(f0 / BASE_HZ));
    if (k >= 0 && k < PITCH_BINS) this.counts[k]!++;
  }

  add(other: PitchStats): this {
    for (let k = 0; k < PITCH_BINS; k++) this.counts[k]! += other.counts[k]!;
    return this;
  }

  /** Voiced frames counted (20 ms apart). */
  voiced(): number {
    let n = 0;
    for (const c of this.counts) n += c;
    return n;
  }

  /** Median pitch in semitones above 55 Hz (interpolated within its bin); NaN without voiced frames. */
  medianSemitones(): number {
    const n = this.voiced();
    if (n === 0) return Number.NaN;
    let below = 0;
    for (let k = 0; k < PITCH_BINS; k++) {
      const c = this.counts[k]!;
      if (below + c >= n / 2) return k + (n / 2 - below) / c;
      below += c;
    }
    return PITCH_BINS;
  }

  /** Median pitch in Hz; NaN without voiced frames. */
  medianHz(): number {
    return BASE_HZ * 2 ** (this.medianSemitones() / 12);
  }

  static merged(parts: Iterable<PitchStats | undefined>): PitchStats {
    const s = new PitchStats();
    for (const p of parts) if (p) s.add(p);
    return s;
  }
}
