/**
 * Stretches where the segmentation model hears two voices at once, as extra recognition pieces for
 * the second voice (docs/decisions/024). Pure logic over the model's final frames; vad.ts cuts the
 * audio. The ordinary pieces keep the same audio: these are heard again, alone, and the pipeline
 * keeps only words the ordinary segment at that time does not already have.
 */
import { SAMPLE_RATE } from '../decoding/ffmpeg.ts';
import { SEG_HOP, segFrameCentre } from './segmentation.ts';

/** What OverlapSpeech reads of the segmentation (SpeakerSegmentation): its frames once final. */
export interface OverlapFrames {
  readonly readyFrames: number;
  /** Two voices at once in final frame g. */
  overlapAt(g: number): boolean;
}

export interface OverlapOptions {
  /** Two voices at once for at least this long (a word or two) are heard again; default MIN_OVERLAP_SECONDS. */
  minSeconds?: number;
  /** Overlap audio recognised again per minute of recording, at most (seconds); default OVERLAP_BUDGET_SECONDS. */
  budgetPerMinute?: number;
}

/** Two voices at once for at least this long are recognised again for the second voice. */
export const MIN_OVERLAP_SECONDS = 0.5;
/**
 * Overlap audio (with padding) recognised again per minute of recording, at most: recognition is the
 * hour's critical path (docs/decisions/019). A recording starts with a minute's budget and unspent
 * budget carries over, so crosstalk early on or after a calm stretch is still heard; a meeting that
 * is mostly crosstalk is heard only in part.
 */
export const OVERLAP_BUDGET_SECONDS = 6;

/**
 * Runs of final frames with two voices, each as a piece of its audio with `pad` samples on either
 * side (the second voice's first and last words). The model's frames become final ~10 s behind the
 * audio, so the audio is kept that long.
 */
export class OverlapSpeech {
  private scanned = 0; // segmentation frames looked at
  private from = -1; // segmentation frame where the current run began
  private spent = 0; // samples handed out
  private pending: Array<{ a: number; b: number }> = [];
  private readonly seg: OverlapFrames;
  private readonly pad: number;
  private readonly minFrames: number;
  private readonly budget: number; // samples per sample of recording

  constructor(seg: OverlapFrames, pad: number, options: OverlapOptions = {}) {
    this.seg = seg;
    this.pad = pad;
    this.minFrames = ((options.minSeconds ?? MIN_OVERLAP_SECONDS) * SAMPLE_RATE) / SEG_HOP;
    this.budget = (options.budgetPerMinute ?? OVERLAP_BUDGET_SECONDS) / 60;
  }

  /** Earliest sample a piece may still need. */
  holdFrom(): number {
    const g = this.from >= 0 ? this.from : this.scanned;
    return Math.min(segFrameCentre(g) - SEG_HOP, ...this.pending.map((r) => r.a)) - this.pad;
  }

  /** Looks at the frames that became final. `all`: the recording has ended. */
  scan(all: boolean): void {
    for (; this.scanned < this.seg.readyFrames; this.scanned++) {
      const both = this.seg.overlapAt(this.scanned);
      if (both && this.from < 0) this.from = this.scanned;
      if (!both && this.from >= 0) this.end(this.scanned);
    }
    if (all && this.from >= 0) this.end(this.scanned);
  }

  /** Pieces (sample ranges) whose audio, up to `available` samples, is complete. */
  take(available: number): Array<{ a: number; b: number }> {
    const out: Array<{ a: number; b: number }> = [];
    while (this.pending.length && this.pending[0]!.b <= available) out.push(this.pending.shift()!);
    return out;
  }

  private end(to: number): void {
    const from = this.from;
    this.from = -1;
    if (to - from < this.minFrames) return;
    const a = Math.max(0, Math.round(segFrameCentre(from) - SEG_HOP / 2 - this.pad));
    let b = Math.round(segFrameCentre(to - 1) + SEG_HOP / 2 + this.pad);
    // what the budget allows by the end of this run; a longer run is heard from its start
    const allowed = this.budget * (b + 60 * SAMPLE_RATE) - this.spent;
    if (allowed < this.minFrames * SEG_HOP + 2 * this.pad) return;
    b = Math.min(b, a + Math.floor(allowed));
    this.spent += b - a;
    this.pending.push({ a, b });
  }
}
