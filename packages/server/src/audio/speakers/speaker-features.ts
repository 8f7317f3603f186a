/**
 * Speaker features, computed piece by piece while the recording streams: MFCCs (c1..c19) of the
 * frames the VAD calls speech, summarised per block of ~0.5 s of speech by Gaussian sufficient
 * statistics (see gaussian.ts), and the pitch of the same frames by a histogram of semitones
 * (pitch.ts). Only these summaries are kept (~250 numbers per 0.5 s of speech, ~13 MB for an hour of
 * speech), never the audio or the frames.
 */
import { SAMPLE_RATE } from '../decoding/ffmpeg.ts';
import { FEATURE_DIMS, GaussStats } from './gaussian.ts';
import { mfcc } from './mfcc.ts';
import { decimateForPitch, PITCH_EVERY_FRAMES, PitchStats, pitchAt } from './pitch.ts';

export interface SpeakerBlock {
  /** Seconds from the start of the recording (first and last frame of the block). */
  start: number;
  end: number;
  stats: GaussStats;
  /** F0 of the block's voiced frames (one every 20 ms); absent on blocks saved before pitch was measured. */
  pitch?: PitchStats;
  /**
   * Left channel's level over the right's (dB) during the block, for stereo recordings (set by the
   * pipeline from channels.ts ChannelBalance); undefined for mono.
   */
  channelBalanceDb?: number;
}

export interface FeatureOptions {
  /** Seconds of speech per block; default 0.5. */
  blockSeconds?: number;
  /** A pause at least this long (in frames that are not speech) ends a block; default 0.3 s. */
  maxGapSeconds?: number;
  /** Blocks with less speech than this are dropped (a click, a breath); default 0.2 s. */
  minBlockSeconds?: number;
  /** VAD probability a 10 ms frame needs to count as speech; default 0.5. */
  speechThreshold?: number;
}

const SR = SAMPLE_RATE;
const HOP = 160;
const FRAME = 400;
const CEPS = FEATURE_DIMS + 1; // c0..c19

/** Collects speaker blocks piece by piece (streaming). */
export class SpeakerFeatures {
  readonly blocks: SpeakerBlock[] = [];
  private readonly blockFrames: number;
  private readonly gapFrames: number;
  private readonly minFrames: number;
  private readonly threshold: number;

  constructor(options: FeatureOptions = {}) {
    this.blockFrames = Math.round(((options.blockSeconds ?? 0.5) * SR) / HOP);
    this.gapFrames = Math.round(((options.maxGapSeconds ?? 0.3) * SR) / HOP);
    this.minFrames = Math.round(((options.minBlockSeconds ?? 0.2) * SR) / HOP);
    this.threshold = options.speechThreshold ?? 0.5;
  }

  /** Add one speech piece (start in seconds, its 16 kHz samples, optionally the VAD's 32 ms frame probabilities). */
  addPiece(piece: { start: number; samples: Float32Array; frameProbs?: Float32Array; frameProbsStart?: number }): void {
    const m = mfcc(piece.samples, { coefficients: CEPS });
    if (m.frames === 0) return;
    let maxE = -Infinity;
    for (let f = 0; f < m.frames; f++) maxE = Math.max(maxE, m.logEnergy[f]!);
    let block: GaussStats | undefined;
    let pitch = new PitchStats();
    let low: Float32Array | undefined; // the piece at 4 kHz for the pitch tracker, once a frame is speech
    let first = 0;
    let last = 0;
    const flush = () => {
      if (block && block.n >= this.minFrames) {
        this.blocks.push({
          start: piece.start + (first * HOP) / SR,
          end: piece.start + (last * HOP + FRAME) / SR,
          stats: block,
          pitch,
        });
      }
      block = undefined;
    };
    for (let f = 0; f < m.frames; f++) {
      if (!this.isSpeech(piece, m.logEnergy[f]!, maxE, f)) continue;
      if (block && (f - last > this.gapFrames || block.n >= this.blockFrames)) flush();
      if (!block) {
        block = new GaussStats();
        pitch = new PitchStats();
        first = f;
      }
      block.addFrame(m.data, f * CEPS + 1);
      if (f % PITCH_EVERY_FRAMES === 0) {
        low ??= decimateForPitch(piece.samples);
        pitch.addHz(pitchAt(low, f * HOP + FRAME / 2));
      }
      last = f;
    }
    flush();
  }

  private isSpeech(
    piece: { start: number; frameProbs?: Float32Array; frameProbsStart?: number },
    logEnergy: number,
    maxE: number,
    f: number,
  ): boolean {
    if (logEnergy < maxE - 7) return false; // > 30 dB below the loudest frame of the piece: silence
    if (!piece.frameProbs || piece.frameProbsStart === undefined) return true;
    const t = piece.start + (f * HOP + FRAME / 2) / SR;
    const idx = Math.floor((t - piece.frameProbsStart) / (512 / SR));
    return !(idx >= 0 && idx < piece.frameProbs.length && piece.frameProbs[idx]! < this.threshold);
  }
}
