/**
 * The transcription's progress figure, in [0, 1] and only growing: probing takes the first 1%, the
 * speaker stage the last 2%, and hearing the audio the rest, measured against the duration estimate.
 * A file heard as several streams (a call's two sides) is as far as its slowest stream.
 */
const PROBE_SHARE = 0.01;
const SPEAKERS_SHARE = 0.02;
const WORK_SHARE = 1 - PROBE_SHARE - SPEAKERS_SHARE;

/** How far one stream of audio is heard and recognised. */
export class StreamProgress {
  private heardSeconds = 0; // audio the speech stage has seen
  private doneUpTo = 0; // audio fully transcribed (all pieces before it are done)
  private pending = 0;
  private readonly changed: () => void;

  constructor(changed: () => void) {
    this.changed = changed;
  }

  get position(): number {
    return this.pending === 0 ? this.heardSeconds : this.doneUpTo;
  }

  heard(seconds: number): void {
    this.heardSeconds = seconds;
    this.changed();
  }

  pieceQueued(): void {
    this.pending++;
  }

  pieceDone(end: number): void {
    this.pending--;
    this.doneUpTo = end;
    this.changed();
  }
}

export class TranscriptionProgress {
  private last = -1;
  private estimate: number | undefined;
  private streams: StreamProgress[] = [];
  private readonly onProgress?: (fraction: number) => void;

  constructor(onProgress?: (fraction: number) => void) {
    this.onProgress = onProgress;
    this.set(0);
  }

  /** The file was probed; `estimate` (seconds) measures the rest. */
  probed(estimate: number | undefined): void {
    this.estimate = estimate;
    this.set(PROBE_SHARE);
  }

  /** The progress of each of `n` streams the file is heard as. */
  stream(n = 1): StreamProgress[] {
    this.streams = Array.from({ length: n }, () => new StreamProgress(() => this.report()));
    return this.streams;
  }

  /** Every piece was recognised; the speaker stage follows. */
  recognised(): void {
    this.set(1 - SPEAKERS_SHARE);
  }

  done(): void {
    this.set(1);
  }

  private report(): void {
    const pos = Math.min(...this.streams.map((s) => s.position));
    const e = this.estimate;
    // without an estimate, approach 1 asymptotically (half-way at 10 minutes of audio)
    const f = e ? Math.min(1, pos / Math.max(e, 1e-6)) : pos / (pos + 600);
    this.set(PROBE_SHARE + WORK_SHARE * Math.min(0.999, f));
  }

  private set(f: number): void {
    const v = Math.min(1, Math.max(0, f));
    if (v >= 1 ? this.last < 1 : v - this.last >= 0.005) {
      this.last = v;
      this.onProgress?.(v);
    }
  }
}
