/**
 * Speech the segmentation model hears where none of Silero's pieces reach, as extra recognition
 * pieces (docs/decisions/023). Pure logic over the model's final frames and the sample ranges of
 * Silero's pieces; vad.ts cuts the audio.
 */
import { SAMPLE_RATE } from '../decoding/ffmpeg.ts';
import { SEG_HOP, segFrameCentre } from './segmentation.ts';

/** What MissedSpeech reads of the segmentation (SpeakerSegmentation): its frames once final. */
export interface ModelFrames {
  readonly readyFrames: number;
  /** Someone speaks in final frame g. */
  activeAt(g: number): boolean;
}

/** The model's speech outside Silero's pieces that is recognised: a word or two at least. */
const MIN_MISSED_SECONDS = 0.5;

/**
 * Stretches of at least MIN_MISSED_SECONDS where the model hears speech and no Silero piece's audio
 * reaches (quiet or far voices, short answers Silero misses: on the AMI files the model finds ~82%
 * of the speech, Silero's pieces ~63%), padded only into audio no piece holds, so no word is heard
 * twice. Silero's pieces stay as they are: the words they hold are recognised exactly as before
 * (the model cutting all pieces raised WER, docs/decisions/017). The model's frames become final
 * ~10 s behind the audio, when no later window covers them, so the audio is kept that long.
 */
export class MissedSpeech {
  private scanned = 0; // segmentation frames looked at
  private from = -1; // segmentation frame where the current stretch began
  private covered: Array<[number, number]> = []; // sample ranges Silero's pieces hold, in order
  private pending: Array<{ a: number; b: number }> = [];
  private readonly seg: ModelFrames;
  private readonly pad: number;

  /** `pad`: samples of audio kept on each side of a piece, as for Silero's pieces. */
  constructor(seg: ModelFrames, pad: number) {
    this.seg = seg;
    this.pad = pad;
  }

  /** Audio [a, b) (samples) that a Silero piece holds. */
  cover(a: number, b: number): void {
    this.covered.push([Math.max(0, a), b]);
  }

  /** Earliest sample a piece may still need. */
  holdFrom(): number {
    const g = this.from >= 0 ? this.from : this.scanned;
    return Math.min(segFrameCentre(g) - SEG_HOP, ...this.pending.map((r) => r.a)) - this.pad;
  }

  /**
   * Looks at the frames that became final. `openFrom`: audio from here on may still join Silero's
   * open piece, so it counts as held. `all`: the recording has ended.
   */
  scan(openFrom: number, all: boolean): void {
    const min = (MIN_MISSED_SECONDS * SAMPLE_RATE) / SEG_HOP;
    for (; this.scanned < this.seg.readyFrames; this.scanned++) {
      const g = this.scanned;
      const c = segFrameCentre(g);
      const missed = this.seg.activeAt(g) && c < openFrom && !this.covered.some(([a, b]) => c >= a && c < b);
      if (missed && this.from < 0) this.from = g;
      if (!missed && this.from >= 0) this.end(g, min);
    }
    if (all && this.from >= 0) this.end(this.scanned, min);
    const needed = this.holdFrom() - this.pad; // a stretch's padding looks this far back
    while (this.covered.length && this.covered[0]![1] < needed) this.covered.shift();
  }

  /** Pieces (sample ranges) whose audio, up to `available` samples, is complete. */
  take(available: number): Array<{ a: number; b: number }> {
    const out: Array<{ a: number; b: number }> = [];
    while (this.pending.length && this.pending[0]!.b <= available) out.push(this.pending.shift()!);
    return out;
  }

  private end(to: number, min: number): void {
    const from = this.from;
    this.from = -1;
    if (to - from < min) return;
    const a = segFrameCentre(from) - SEG_HOP / 2;
    const b = segFrameCentre(to - 1) + SEG_HOP / 2;
    let lo = Math.max(0, a - this.pad);
    let hi = b + this.pad;
    for (const [x, y] of this.covered) {
      if (y <= a && y > lo) lo = y;
      if (x >= b && x < hi) hi = x;
    }
    this.pending.push({ a: Math.round(lo), b: Math.round(hi) });
  }
}
