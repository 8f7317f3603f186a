/**
 * The state speechPieces (vad.ts) keeps between chunks of PCM: the audio still needed, the speech
 * probability of every frame, the piece tracker, the pieces waiting for their padding, and the
 * extra pieces the segmentation model asks for (missed speech, second voices).
 */
import { SAMPLE_RATE } from '../decoding/ffmpeg.ts';
import { MissedSpeech } from './missed-speech.ts';
import { OverlapSpeech } from './overlap-speech.ts';
import { PieceTracker, resolveSegmenter, VAD_FRAME } from './piece-tracker.ts';
import { SampleBuffer } from './sample-buffer.ts';
import { SEG_HOP, type SpeakerSegmentation, segFrameCentre } from './segmentation.ts';
import type { SileroVad } from './silero-vad.ts';
import type { SpeechPiece, SpeechPieceOptions, UnheardPiece } from './speech-piece.ts';

const SEG_FIELD_CENTRE = segFrameCentre(0);
// the probability log is cut in steps of 4096 frames (~2 minutes), not its head spliced on every chunk
const PROBS_DROP_STEP = 4096;

type TrackedPiece = ReturnType<PieceTracker['finish']>[number];
type SampleRange = { a: number; b: number };

/** Segmentation: VAD frame f takes the segmentation frame nearest its centre. */
const segFrameOf = (f: number) => Math.max(0, Math.round((f * VAD_FRAME + VAD_FRAME / 2 - SEG_FIELD_CENTRE) / SEG_HOP));

export class SpeechPieceStream {
  private readonly options: SpeechPieceOptions;
  /** Silero, unless the segmentation model's speech cuts the pieces. */
  private readonly vad: SileroVad | undefined;
  private readonly tracker: PieceTracker;
  private readonly padSamples: number;
  private readonly buf = new SampleBuffer();
  /** Probabilities from probsOffset on (for SpeechPiece.frameProbs), kept as far back as any piece may start. */
  private readonly probsLog: number[] = [];
  private probsOffset = 0;
  /** Silero's frame being filled across chunk boundaries, and its copy raised by vadGain. */
  private readonly frame = new Float32Array(VAD_FRAME);
  private frameFill = 0;
  private readonly heard = new Float32Array(VAD_FRAME);
  private readonly gain: number;
  /** Frames given to the tracker so far. */
  frames = 0;
  private received = 0;
  /** Pieces are emitted only once the audio after them (the padding) is in the buffer. */
  private readonly waiting: TrackedPiece[] = [];
  private readonly segmentation: SpeakerSegmentation | undefined;
  private readonly missed: MissedSpeech | undefined;
  private readonly secondVoices: OverlapSpeech | undefined;
  private readonly hearSecondVoices: boolean;
  /** The segmentation model, cutting the pieces or beside Silero: it is finished after the last piece. */
  readonly model: SpeakerSegmentation | undefined;

  constructor(options: SpeechPieceOptions, vad: SileroVad | undefined) {
    this.options = options;
    this.vad = vad;
    this.tracker = new PieceTracker(options);
    this.padSamples = resolveSegmenter(options).padSamples;
    this.gain = options.vadGain ?? 1;
    this.segmentation = options.segmentation;
    this.missed =
      options.besides && !this.segmentation && options.missedSpeech !== false
        ? new MissedSpeech(options.besides, this.padSamples)
        : undefined;
    // where the model hears two voices at once: pieces for the second
    this.model = this.segmentation ?? options.besides;
    this.secondVoices =
      this.model && options.overlapSpeech !== false
        ? new OverlapSpeech(this.model, this.padSamples, options.overlapSpeech)
        : undefined;
    this.hearSecondVoices = options.overlapSpeech !== false && options.overlapSpeech?.hear === true;
  }

  /** Take one chunk of PCM: every frame it completes goes to the tracker. */
  async push(chunk: Float32Array): Promise<void> {
    this.buf.push(chunk);
    this.received += chunk.length;
    if (this.segmentation) {
      await this.segmentation.push(chunk);
      this.takeSegmentationFrames(false);
      return;
    }
    let pos = 0;
    while (pos < chunk.length) {
      const take = Math.min(VAD_FRAME - this.frameFill, chunk.length - pos);
      this.frame.set(chunk.subarray(pos, pos + take), this.frameFill);
      this.frameFill += take;
      pos += take;
      if (this.frameFill === VAD_FRAME) {
        this.frameFill = 0;
        await this.pushSileroFrame(true);
        this.frames++;
      }
    }
  }

  /** The audio ended: its last frames go to the tracker, and every piece it still holds is final. */
  async endOfAudio(): Promise<void> {
    if (this.segmentation) {
      await this.segmentation.finish();
      this.takeSegmentationFrames(true);
    } else if (this.frameFill > 0) {
      this.frame.fill(0, this.frameFill);
      await this.pushSileroFrame(false);
    }
    this.track(this.tracker.finish());
  }

  /** Tracked pieces whose padding has arrived (every one when `force`), oldest first. */
  *ready(force: boolean): Generator<SpeechPiece> {
    while (this.waiting.length) {
      const r = this.waiting[0]!;
      if (!force && this.buf.end < this.samplesOf(r).b) break;
      this.waiting.shift();
      yield this.piece(r);
    }
  }

  /** Let the model's extra pieces advance: up to what the tracker still holds open, or to the end when `all`. */
  scanExtras(all: boolean): void {
    this.missed?.scan(all ? Infinity : this.tracker.holdFrom * VAD_FRAME - this.padSamples, all);
    this.secondVoices?.scan(all);
  }

  /** Missed speech, then second voices, whose audio has arrived (all of them when `force`). */
  *extras(force: boolean): Generator<SpeechPiece | UnheardPiece> {
    const available = force ? Infinity : this.buf.end;
    for (const r of this.missed?.take(available) ?? []) yield this.extraPiece(r, { missed: true });
    for (const r of this.secondVoices?.take(available) ?? [])
      yield this.hearSecondVoices ? this.extraPiece(r, { overlap: true }) : this.unheardPiece(r);
  }

  /** Forget the audio and probabilities no piece can reach any more; only while no piece waits. */
  trimWhenIdle(): void {
    if (this.waiting.length > 0) return;
    const heldForMissed = this.missed ? Math.floor(this.missed.holdFrom() / VAD_FRAME) : Infinity;
    const heldForSeconds =
      this.secondVoices && this.hearSecondVoices ? Math.floor(this.secondVoices.holdFrom() / VAD_FRAME) : Infinity;
    const hold = Math.min(this.tracker.holdFrom, heldForMissed, heldForSeconds);
    this.buf.dropBefore(hold * VAD_FRAME - this.padSamples);
    const drop = hold - this.probsOffset;
    if (drop > PROBS_DROP_STEP) {
      this.probsLog.splice(0, drop);
      this.probsOffset = hold;
    }
  }

  /**
   * The side is asked for only once Silero has answered: a two-channel recording's balance
   * (channels.ts) is still being measured as the audio decodes. The zero-padded last frame has none.
   */
  private async pushSileroFrame(withSide: boolean): Promise<void> {
    const p = await this.probability(this.frame);
    this.probsLog.push(p);
    this.track(this.tracker.push(p, withSide ? this.options.sideOf?.(this.frames) : undefined));
  }

  private probability(f: Float32Array): Promise<number> {
    if (this.gain === 1) return this.vad!.probability(f);
    for (let i = 0; i < VAD_FRAME; i++) this.heard[i] = Math.max(-1, Math.min(1, f[i]! * this.gain));
    return this.vad!.probability(this.heard);
  }

  /** Segmentation: each VAD frame whose segmentation frame is final (every received one when `all`). */
  private takeSegmentationFrames(all: boolean): void {
    const seg = this.segmentation!;
    const frames = all ? Math.ceil(this.received / VAD_FRAME) : Math.floor(this.received / VAD_FRAME);
    for (; this.frames < frames; this.frames++) {
      const g = Math.min(segFrameOf(this.frames), seg.readyFrames - 1);
      if (!all && segFrameOf(this.frames) >= seg.readyFrames) break;
      const p = g >= 0 ? seg.speechAt(g) : 0;
      this.probsLog.push(p);
      const side = this.options.sideOf
        ? this.options.sideOf(this.frames)
        : g >= 0 && this.options.cutAtTrackChanges !== false
          ? seg.soloTrackAt(g)
          : undefined;
      this.track(this.tracker.push(p, side));
    }
  }

  private track(pieces: TrackedPiece[]): void {
    for (const r of pieces) {
      this.waiting.push(r);
      const { a, b } = this.samplesOf(r);
      this.missed?.cover(a, b);
    }
  }

  /** A tracked piece's samples: its frames with padding, except at a cut. */
  private samplesOf(r: TrackedPiece): SampleRange {
    return {
      a: r.startFrame * VAD_FRAME - (r.cutStart ? 0 : this.padSamples),
      b: r.endFrame * VAD_FRAME + (r.cutEnd ? 0 : this.padSamples),
    };
  }

  private piece(r: TrackedPiece): SpeechPiece {
    const { a, b } = this.samplesOf(r);
    const s0 = Math.max(0, a);
    const samples = this.buf.slice(s0, b);
    return {
      start: s0 / SAMPLE_RATE,
      end: (s0 + samples.length) / SAMPLE_RATE,
      samples,
      ...this.probsOf(r.startFrame, r.endFrame),
    };
  }

  private extraPiece(r: SampleRange, mark: { missed: true } | { overlap: true }): SpeechPiece {
    const samples = this.buf.slice(r.a, r.b);
    return {
      start: r.a / SAMPLE_RATE,
      end: (r.a + samples.length) / SAMPLE_RATE,
      samples,
      ...this.probsOf(Math.floor(r.a / VAD_FRAME), Math.ceil(r.b / VAD_FRAME)),
      ...mark,
    };
  }

  /** The end its audio would have had: the recording may stop inside the padding. */
  private unheardPiece(r: SampleRange): UnheardPiece {
    return {
      start: r.a / SAMPLE_RATE,
      end: Math.max(r.a, Math.min(r.b, this.buf.end)) / SAMPLE_RATE,
      overlap: true,
      unheard: true,
    };
  }

  /** Probabilities of frames [first, end), from the first still logged. */
  private probsOf(first: number, end: number): Pick<SpeechPiece, 'frameProbs' | 'frameProbsStart'> {
    const from = (f: number) => Math.max(0, f - this.probsOffset);
    return {
      frameProbs: Float32Array.from(this.probsLog.slice(from(first), from(end))),
      frameProbsStart: (Math.max(first, this.probsOffset) * VAD_FRAME) / SAMPLE_RATE,
    };
  }
}
