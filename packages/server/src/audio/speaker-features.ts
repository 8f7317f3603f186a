/**
 * Speaker features, computed piece by piece while the recording streams: MFCCs of the frames the VAD
 * calls speech, summarised per window of ~1.5 s of speech by the mean and standard deviation of
 * c1..c19. Only these compact vectors are kept (~40 floats per 0.75 s), never the audio.
 */
import { mfcc } from './mfcc.ts';

export interface SpeakerWindow {
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
  vector: Float32Array;
}

export interface FeatureOptions {
  /** Seconds of speech per window; default 1.5. */
  windowSeconds?: number;
  /** Hop between windows in seconds of speech; default 0.75. */
  hopSeconds?: number;
  /** A piece with less speech than this yields no window; default 0.5 s. */
  minSeconds?: number;
  /** VAD probability a 10 ms frame needs to count as speech; default 0.5. */
  speechThreshold?: number;
}

const SR = 16000;
const HOP = 160;
const FRAME = 400;
const CEPS = 20; // c0..c19; c0 (loudness) is not used for speaker identity

/** Collects compact speaker features piece by piece (streaming; memory grows ~200 bytes per second of speech). */
export class SpeakerFeatures {
  readonly windows: SpeakerWindow[] = [];
  private readonly winFrames: number;
  private readonly hopFrames: number;
  private readonly minFrames: number;
  private readonly threshold: number;

  constructor(options: FeatureOptions = {}) {
    this.winFrames = Math.round(((options.windowSeconds ?? 1.5) * SR) / HOP);
    this.hopFrames = Math.round(((options.hopSeconds ?? 0.75) * SR) / HOP);
    this.minFrames = Math.round(((options.minSeconds ?? 0.5) * SR) / HOP);
    this.threshold = options.speechThreshold ?? 0.5;
  }

  /** Add one speech piece (start in seconds, its 16 kHz samples, optionally the VAD's 32 ms frame probabilities). */
  addPiece(piece: { start: number; samples: Float32Array; frameProbs?: Float32Array; frameProbsStart?: number }): void {
    const m = mfcc(piece.samples, { coefficients: CEPS });
    if (m.frames === 0) return;
    let maxE = -Infinity;
    for (let f = 0; f < m.frames; f++) maxE = Math.max(maxE, m.logEnergy[f]!);
    const keep: number[] = [];
    for (let f = 0; f < m.frames; f++) {
      if (m.logEnergy[f]! < maxE - 7) continue; // > 30 dB below the loudest frame of the piece: silence
      if (piece.frameProbs && piece.frameProbsStart !== undefined) {
        const t = piece.start + (f * HOP + FRAME / 2) / SR;
        const idx = Math.floor((t - piece.frameProbsStart) / (512 / SR));
        if (idx >= 0 && idx < piece.frameProbs.length && piece.frameProbs[idx]! < this.threshold) continue;
      }
      keep.push(f);
    }
    if (keep.length < this.minFrames) return;
    const starts: number[] = [];
    if (keep.length <= this.winFrames) starts.push(0);
    else {
      for (let s = 0; s + this.winFrames <= keep.length; s += this.hopFrames) starts.push(s);
      const last = keep.length - this.winFrames;
      if (last - starts[starts.length - 1]! >= this.hopFrames / 2) starts.push(last);
    }
    for (const s of starts) {
      const e = Math.min(keep.length, s + this.winFrames);
      const dims = CEPS - 1;
      const sum = new Float64Array(dims);
      const sq = new Float64Array(dims);
      for (let k = s; k < e; k++) {
        const row = keep[k]! * CEPS;
        for (let c = 1; c < CEPS; c++) {
          const x = m.data[row + c]!;
          sum[c - 1]! += x;
          sq[c - 1]! += x * x;
        }
      }
      const n = e - s;
      const v = new Float32Array(2 * dims);
      for (let c = 0; c < dims; c++) {
        const mean = sum[c]! / n;
        v[c] = mean;
        v[dims + c] = Math.sqrt(Math.max(0, sq[c]! / n - mean * mean));
      }
      this.windows.push({
        start: piece.start + (keep[s]! * HOP) / SR,
        end: piece.start + (keep[e - 1]! * HOP + FRAME) / SR,
        vector: v,
      });
    }
  }
}
