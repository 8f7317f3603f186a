/**
 * Two-channel recordings with one side per party: a phone call recorded by a call recorder or a VoIP
 * system, two lapel microphones into a stereo recorder, an online meeting saved with each side on its
 * own track. There the channel tells who speaks far better than any voice statistic (two similar voices
 * on one line are the hardest case for speaker-features.ts), so the speaker stage splits the speech by
 * channel first and tells voices apart within each side (diarize.ts). Ordinary stereo (a stereo
 * microphone, the same mix on both sides) is not split: it is recognised by the channels' level
 * difference over the speech, which stays small there. See docs/decisions/016.
 */
import { SAMPLE_RATE } from './ffmpeg.ts';

/** Samples a level is measured over: 32 ms at 16 kHz, the VAD's frame. */
export const LEVEL_FRAME = 512;

/** `a` in an array twice as long (a level kept whole grows as the recording is read). */
function doubled(a: Float32Array): Float32Array<ArrayBuffer> {
  const b = new Float32Array(a.length * 2);
  b.set(a);
  return b;
}

/** Per-frame energy of the left and right channel over the whole recording (two floats per 32 ms: ~0.9 MB an hour). */
export class ChannelBalance {
  private left = new Float32Array(4096);
  private right = new Float32Array(4096);
  private frames = 0;
  private fill = 0;
  private sumL = 0;
  private sumR = 0;

  /**
   * Add interleaved stereo samples (L, R, L, R, …) and return their mono mix, (L + R) / 2: ffmpeg's
   * own downmix to within half a 16-bit step, so recognition hears a stereo file as it always did.
   */
  pushInterleaved(stereo: Float32Array): Float32Array {
    const n = stereo.length >> 1;
    const mono = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const l = stereo[2 * i]!;
      const r = stereo[2 * i + 1]!;
      mono[i] = (l + r) / 2;
      this.sumL += l * l;
      this.sumR += r * r;
      if (++this.fill === LEVEL_FRAME) this.closeFrame();
    }
    return mono;
  }

  private closeFrame(): void {
    if (this.frames === this.left.length) {
      this.left = doubled(this.left);
      this.right = doubled(this.right);
    }
    this.left[this.frames] = this.sumL;
    this.right[this.frames] = this.sumR;
    this.frames++;
    this.sumL = 0;
    this.sumR = 0;
    this.fill = 0;
  }

  /**
   * Level of the left channel over the right (dB) in [start, end) seconds: positive when the left
   * side is louder. Undefined when the span holds no measured frame or no signal at all.
   */
  balanceDb(start: number, end: number): number | undefined {
    return this.framesDb(Math.floor((start * SAMPLE_RATE) / LEVEL_FRAME), Math.ceil((end * SAMPLE_RATE) / LEVEL_FRAME));
  }

  /**
   * The side frame `frame` (32 ms, counted like the VAD's) is clearly on: the louder channel by at
   * least `sideDb` over that frame and the three before it, else undefined (both sides alike, or not
   * measured yet).
   */
  sideOfFrame(frame: number, sideDb = 10): 0 | 1 | undefined {
    const last = Math.min(frame, this.frames - 1);
    const db = this.framesDb(last - 3, last + 1);
    return db === undefined ? undefined : db >= sideDb ? 0 : db <= -sideDb ? 1 : undefined;
  }

  /** Left over right (dB) over measured frames [first, end); undefined when none or all silent. */
  private framesDb(first: number, end: number): number | undefined {
    const a = Math.max(0, first);
    const b = Math.min(this.frames, end);
    let l = 0;
    let r = 0;
    for (let f = a; f < b; f++) {
      l += this.left[f]!;
      r += this.right[f]!;
    }
    if (b <= a || l + r === 0) return undefined;
    // a floor 90 dB under the louder side: a silent side gives a large finite difference, not Infinity
    const floor = Math.max(l, r) * 1e-9;
    return 10 * Math.log10((l + floor) / (r + floor));
  }
}

export interface ChannelSplitOptions {
  /** A block counts as one side's when that side is at least this much louder (dB); default 10. */
  sideDb?: number;
  /** The recording is split only when this share of its speech blocks is clearly on one side; default 0.8. */
  minClearShare?: number;
  /** … and each side holds at least this share of the clear blocks (a listener who says little still counts); default 0.02. */
  minSideShare?: number;
  /** … and at least this many blocks (~0.5 s each); default 4. */
  minSideBlocks?: number;
}

/**
 * Which side (0 left, 1 right) each speech block belongs to when the recording has one party per
 * channel, else undefined (mono, ordinary stereo, or everything on one side). Blocks without a
 * balance (none measured) are undefined too. A block where both sides talk goes to the louder one.
 */
export function channelSides(
  balances: Array<number | undefined>,
  options: ChannelSplitOptions = {},
): Uint8Array | undefined {
  const sideDb = options.sideDb ?? 10;
  const known = balances.filter((b): b is number => b !== undefined);
  if (known.length === 0 || known.length < balances.length) return undefined;
  let left = 0;
  let right = 0;
  for (const b of known) {
    if (b >= sideDb) left++;
    else if (b <= -sideDb) right++;
  }
  const clear = left + right;
  if (clear < (options.minClearShare ?? 0.8) * known.length) return undefined;
  const minSide = Math.max(options.minSideBlocks ?? 4, (options.minSideShare ?? 0.02) * clear);
  if (left < minSide || right < minSide) return undefined;
  return Uint8Array.from(known, (b) => (b >= 0 ? 0 : 1));
}

/** The mono mix of a stream of interleaved stereo chunks, measuring each side's level on the way. */
export async function* monoMeasuringSides(
  stereo: AsyncIterable<Float32Array>,
  balance: ChannelBalance,
): AsyncGenerator<Float32Array> {
  for await (const chunk of stereo) yield balance.pushInterleaved(chunk);
}

/** Energy per 32 ms frame of one stream (one side of a call decoded alone), kept whole: one float per frame, ~0.5 MB an hour. */
export class FrameLevels {
  private energy = new Float32Array(4096);
  private frames = 0;
  private fill = 0;
  private sum = 0;

  push(samples: Float32Array): void {
    for (let i = 0; i < samples.length; i++) {
      this.sum += samples[i]! * samples[i]!;
      if (++this.fill === LEVEL_FRAME) {
        if (this.frames === this.energy.length) this.energy = doubled(this.energy);
        this.energy[this.frames++] = this.sum;
        this.sum = 0;
        this.fill = 0;
      }
    }
  }

  /** Frame energies in [start, end) seconds. */
  span(start: number, end: number): Float32Array {
    const a = Math.max(0, Math.floor((start * SAMPLE_RATE) / LEVEL_FRAME));
    const b = Math.min(this.frames, Math.ceil((end * SAMPLE_RATE) / LEVEL_FRAME));
    return this.energy.slice(a, Math.max(a, b));
  }
}

/**
 * Whether, over [start, end), stream `a` holds only what stream `b` holds much louder: b at least
 * `minDb` over a and the two levels rising and falling together (the correlation of their frames'
 * log energies at least `minCorrelation`). That is the far side of a call heard again by the near
 * side's microphone (or a bleed between two lapel microphones), not a party of its own.
 */
export function echoOf(
  a: FrameLevels,
  b: FrameLevels,
  start: number,
  end: number,
  { minDb = 10, minCorrelation = 0.5 } = {},
): boolean {
  const ea = a.span(start, end);
  const eb = b.span(start, end);
  const n = Math.min(ea.length, eb.length);
  if (n === 0) return false;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < n; i++) {
    sa += ea[i]!;
    sb += eb[i]!;
  }
  if (10 * Math.log10((sb + 1e-12) / (sa + 1e-12)) < minDb) return false;
  if (n < 3) return true;
  const la = Array.from(ea.subarray(0, n), (e) => Math.log10(e + 1e-10));
  const lb = Array.from(eb.subarray(0, n), (e) => Math.log10(e + 1e-10));
  return correlation(la, lb) >= minCorrelation;
}

function correlation(x: number[], y: number[]): number {
  const mx = x.reduce((s, v) => s + v, 0) / x.length;
  const my = y.reduce((s, v) => s + v, 0) / y.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}
