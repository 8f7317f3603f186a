/**
 * Cutting speech into recogniser-sized pieces from per-frame speech probabilities (pure logic, no
 * audio): at most ~20 s, cut at pauses or at the quietest point, neighbouring short bits merged so
 * that words keep their context. vad.ts runs Silero and feeds this.
 */
import { SAMPLE_RATE } from '../decoding/ffmpeg.ts';

export const VAD_FRAME = 512; // samples per Silero frame at 16 kHz (32 ms)
export const FRAME_SECONDS = VAD_FRAME / SAMPLE_RATE;
/**
 * Two-channel recordings: another party's turn is as much speech clearly on the other channel as the
 * minimum speech of a piece (0.25 s by default), within SIDE_WINDOW_FRAMES (~1 s) of its first frame.
 * ChannelBalance.sideOfFrame judges a frame with the three before it, so the other side shows up to
 * SIDE_LAG_FRAMES late.
 */
const SIDE_WINDOW_FRAMES = 32;
const SIDE_LAG_FRAMES = 3;

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
  /** With the segmentation model: end pieces where the voice speaking alone changes. Default true. */
  cutAtTrackChanges?: boolean;
}

/**
 * Who a frame's speech clearly belongs to, or undefined: the channel on a two-channel recording
 * (channels.ts), else the local speaker track speaking alone (segmentation.ts).
 */
export type FrameSide = number | undefined;

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

export function resolveSegmenter(o: SegmenterOptions): Resolved {
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
  private startIsSideCut = false; // a side cut does not excuse a piece from the minimum speech
  private readonly probs: number[] = []; // probs of frames since pieceStart (for cutting)
  private pieceSide: FrameSide; // the side the open piece's speech is clearly on
  private otherSince = -1; // first frame of speech clearly on the other side, while it lasts
  private otherFrames = 0;
  private speechEndBeforeOther = -1;
  private lastOwnSideFrame = -1; // last speech frame clearly on the piece's side

  constructor(options: SegmenterOptions = {}) {
    this.o = resolveSegmenter(options);
  }

  get framesSeen(): number {
    return this.frame;
  }

  /** Earliest frame that a future piece can still start at (audio before it may be dropped). */
  get holdFrom(): number {
    return this.pieceStart >= 0 ? this.pieceStart : this.frame;
  }

  /**
   * `side`: on a two-channel recording, the channel this frame is clearly on. When speech moves to
   * the other side (another party on the line) the open piece ends there, so the recogniser hears
   * one party's words per piece and none are shared out to the wrong speaker afterwards.
   */
  push(
    p: number,
    side?: FrameSide,
  ): Array<{ startFrame: number; endFrame: number; cutStart: boolean; cutEnd: boolean }> {
    const out: Array<{ startFrame: number; endFrame: number; cutStart: boolean; cutEnd: boolean }> = [];
    const i = this.frame++;
    const o = this.o;
    const speechNow = this.inSpeech ? p >= o.negThreshold : p >= o.threshold;
    this.inSpeech = speechNow;
    if (this.pieceStart < 0) {
      if (!speechNow) return out;
      this.open(i, p, side);
      return out;
    }
    this.probs.push(p);
    if (speechNow && side !== undefined) {
      const cut = this.sideSwitch(i, side);
      if (cut) {
        this.cutInside(out, cut, i, side);
        return out;
      }
    }
    if (speechNow) {
      this.lastSpeechEnd = i + 1;
      this.speechFrames++;
    }
    if (!speechNow && i + 1 - this.lastSpeechEnd >= o.pauseFrames) this.forgetOtherSide();
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
      const side = this.pieceSide; // the remainder is the same party's speech
      const ownSide = this.lastOwnSideFrame;
      this.close(out, cutAt, true);
      this.continueFrom(cutAt, rest, i, speechNow);
      this.pieceSide = side;
      this.lastOwnSideFrame = ownSide;
    }
    return out;
  }

  /** A new piece whose first speech frame is frame `i` (the one just pushed). */
  private open(i: number, p: number, side: FrameSide): void {
    this.pieceStart = i;
    this.lastSpeechEnd = i + 1;
    this.speechFrames = 1;
    this.startIsCut = false;
    this.probs.length = 0;
    this.probs.push(p);
    this.pieceSide = side;
    this.lastOwnSideFrame = side === undefined ? -1 : i;
  }

  /**
   * After a cut inside speech, the rest (probabilities from `start` up to frame `i`, the one just
   * pushed) goes on as the open piece; its audio before `start` was emitted with the closed piece.
   */
  private continueFrom(start: number, rest: number[], i: number, speechNow: boolean): void {
    this.pieceStart = start;
    this.startIsCut = true;
    this.probs.push(...rest);
    let speech = 0;
    let last = -1;
    rest.forEach((q, k) => {
      if (q >= this.o.negThreshold) {
        speech++;
        last = k;
      }
    });
    this.speechFrames = Math.max(1, speech);
    this.lastSpeechEnd = speechNow ? i + 1 : last >= 0 ? start + last + 1 : start;
  }

  /**
   * Where to end the open piece because another party has taken over (two-channel recordings):
   * once a piece's minimum speech is clearly on the other side within SIDE_WINDOW_FRAMES, with none
   * back on the piece's own. With a pause before them, the old piece ends and the new one starts in it with the
   * usual padding (at most half the pause each, so neither hears the other party); without one (the
   * VAD often bridges a short gap between turns) both meet where the other side began.
   */
  private sideSwitch(i: number, side: number): { end: number; start: number } | undefined {
    if (this.pieceSide === undefined || side === this.pieceSide) {
      this.pieceSide = side;
      this.lastOwnSideFrame = i;
      this.forgetOtherSide();
      return undefined;
    }
    if (this.otherSince < 0 || i - this.otherSince >= SIDE_WINDOW_FRAMES) {
      // a first frame on the other side, or an old blip too far back to belong to this turn
      this.otherSince = i;
      this.otherFrames = 0;
      this.speechEndBeforeOther = this.lastSpeechEnd;
    }
    if (++this.otherFrames < this.o.minSpeechFrames) return undefined;
    const since = this.otherSince;
    const before = this.speechEndBeforeOther;
    if (before >= since) {
      // no pause: the other side began up to SIDE_LAG_FRAMES before it was clear, not before our last own frame
      const at = Math.max(since - SIDE_LAG_FRAMES, this.lastOwnSideFrame + 1, this.pieceStart + 1);
      return { end: at, start: at };
    }
    const mid = Math.floor((before + since) / 2);
    const pad = Math.round(this.o.padSamples / VAD_FRAME);
    return { end: Math.min(mid, before + pad), start: Math.max(mid, since - pad) };
  }

  private forgetOtherSide(): void {
    this.otherSince = -1;
    this.otherFrames = 0;
  }

  /** End the open piece at `cut.end` (no padding added) and go on from `cut.start` as a new piece. */
  private cutInside(
    out: Array<{ startFrame: number; endFrame: number; cutStart: boolean; cutEnd: boolean }>,
    cut: { end: number; start: number },
    i: number,
    side: number,
  ): void {
    const rest = this.probs.slice(cut.start - this.pieceStart);
    // the other party's speech frames leave with the remainder (frame i is not counted yet)
    const leaving = rest.filter((q) => q >= this.o.negThreshold).length - 1;
    this.speechFrames = Math.max(0, this.speechFrames - Math.max(0, leaving));
    this.close(out, cut.end, true);
    this.continueFrom(cut.start, rest, i, true);
    this.startIsSideCut = true;
    this.pieceSide = side;
    this.lastOwnSideFrame = i;
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
    // a piece cut off the end of continuous speech keeps its audio; one cut off by a side change
    // is judged like any other piece
    const excused = this.startIsCut && !this.startIsSideCut;
    if (end > start && (this.speechFrames >= this.o.minSpeechFrames || excused)) {
      out.push({ startFrame: start, endFrame: end, cutStart: this.startIsCut, cutEnd });
    }
    this.pieceStart = -1;
    this.lastSpeechEnd = -1;
    this.speechFrames = 0;
    this.startIsCut = false;
    this.startIsSideCut = false;
    this.probs.length = 0;
    this.pieceSide = undefined;
    this.lastOwnSideFrame = -1;
    this.forgetOtherSide();
  }
}
