/**
 * A call's two sides as two streams from one decoder (decision 241). Each side is heard alone, so a
 * side's frames where the other side is much louder (the other party heard again by this side's
 * microphone: echo, bleed) are silenced before its speech detection: the recogniser never hears the
 * other party twice. The two streams are read by two consumers at their own pace; the one ahead waits
 * once it leads by `leadSeconds`, so memory stays bounded however unequal the sides are.
 */
import { FrameLevels, LEVEL_FRAME } from './channels.ts';
import { decodePcmStream, SAMPLE_RATE } from './ffmpeg.ts';
import type { DecodedAudio, ProbedSource } from './source.ts';

export interface DecodedSide extends DecodedAudio {
  /** The side's level per 32 ms frame as recorded (before silencing), filled as `pcm` is read. */
  levels: FrameLevels;
}

export interface SideOptions {
  /**
   * Per side, its share of the other side's energy where only the other side speaks (layout.ts); a
   * frame within 6 dB of that (nothing of its own over the other side's bleed) is silenced. 0: never.
   */
  bleed?: [number, number];
  /** Per side, the gain of the other side's copy in it, taken out before anything else (layout.ts); default none. */
  copy?: [number, number];
  /** How far one side's reader may run ahead of the other's (seconds); default 60. */
  leadSeconds?: number;
  signal?: AbortSignal;
}

export function decodeSides(source: ProbedSource, options: SideOptions = {}): [DecodedSide, DecodedSide] {
  const bleed = options.bleed ?? [0, 0];
  const copy = options.copy ?? [0, 0];
  const lead = (options.leadSeconds ?? 60) * SAMPLE_RATE;
  const stereo = decodePcmStream(source.path, { signal: options.signal, channels: 2, chunkSamples: 32 * LEVEL_FRAME });
  const queued: [Float32Array[], Float32Array[]] = [[], []];
  const held: [number, number] = [0, 0];
  const taken: [number, number] = [0, 0];
  const levels = [new FrameLevels(), new FrameLevels()] as const;
  let done = false;
  let reading: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  const readMore = async () => {
    const next = await stereo.next();
    if (next.done) {
      done = true;
      return;
    }
    const [left, right] = splitSides(next.value, bleed, copy);
    levels[0].push(left.recorded);
    levels[1].push(right.recorded);
    queued[0].push(left.heard);
    queued[1].push(right.heard);
    held[0] += left.heard.length;
    held[1] += right.heard.length;
  };

  async function* side(i: 0 | 1): AsyncGenerator<Float32Array> {
    const other = 1 - i;
    try {
      for (;;) {
        const chunk = queued[i].shift();
        if (chunk) {
          held[i] -= chunk.length;
          taken[i] += chunk.length;
          wake?.();
          yield chunk;
          continue;
        }
        if (done) return;
        if (held[other as 0 | 1] > lead) await new Promise<void>((r) => (wake = r));
        else {
          reading ??= readMore().finally(() => (reading = undefined));
          await reading;
        }
      }
    } finally {
      // a side that stops early (an error, an abort) stops the decoder for both
      if (!done) {
        done = true;
        wake?.();
        await stereo.return(undefined);
      }
    }
  }
  const decoded = (i: 0 | 1): DecodedSide => ({ pcm: side(i), levels: levels[i], samples: () => taken[i] + held[i] });
  return [decoded(0), decoded(1)];
}

/**
 * Each side of interleaved stereo samples as recorded, and as heard: the other side's copy taken out
 * (`copy`, the gain layout.ts found; decision 293) and the frames that hold nothing over what is left
 * of it silenced (`bleed` as in SideOptions). The live transcript of a call hears its sides through
 * this too (live-pass.ts, decision 250).
 */
export function splitSides(stereo: Float32Array, bleed: [number, number], copy: [number, number] = [0, 0]) {
  // within 6 dB of the bleed alone
  const [bleedL, bleedR] = [4 * bleed[0], 4 * bleed[1]];
  const n = stereo.length >> 1;
  const sides = [0, 1].map(() => ({ recorded: new Float32Array(n), heard: new Float32Array(n) }));
  const [l, r] = [sides[0]!, sides[1]!];
  for (let i = 0; i < n; i++) {
    l.recorded[i] = stereo[2 * i]!;
    r.recorded[i] = stereo[2 * i + 1]!;
    l.heard[i] = l.recorded[i]! - copy[0] * r.recorded[i]!;
    r.heard[i] = r.recorded[i]! - copy[1] * l.recorded[i]!;
  }
  for (let a = 0; a < n; a += LEVEL_FRAME) {
    const b = Math.min(n, a + LEVEL_FRAME);
    let el = 0;
    let er = 0;
    let hl = 0;
    let hr = 0;
    for (let i = a; i < b; i++) {
      el += l.recorded[i]! ** 2;
      er += r.recorded[i]! ** 2;
      hl += l.heard[i]! ** 2;
      hr += r.heard[i]! ** 2;
    }
    if (er > 0 && hl <= er * bleedL) l.heard.fill(0, a, b);
    if (el > 0 && hr <= el * bleedR) r.heard.fill(0, a, b);
  }
  return [l, r] as const;
}
