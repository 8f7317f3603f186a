import { describe, expect, it } from 'vitest';
import { finalFramesOf } from '../../../test/fixtures/tracks.ts';
import { type OverlapFrames, OverlapSpeech } from './overlap-speech.ts';

const SR = 16000;
const PAD = 0.2 * SR;

/** The model's final frames over `seconds`. */
function frames(seconds: number, at: (t: number) => boolean): OverlapFrames {
  const f = finalFramesOf(seconds, at);
  return { readyFrames: f.readyFrames, overlapAt: (g) => f.at[g]! };
}

const seconds = (r: { a: number; b: number }) => ({ a: r.a / SR, b: r.b / SR });

describe('stretches where the segmentation model hears two voices at once', () => {
  it('gives each run long enough for a word a piece of its audio with padding, and leaves shorter ones', () => {
    const second = new OverlapSpeech(
      frames(20, (t) => (t > 2 && t < 3.5) || (t > 6 && t < 6.3) || (t > 10 && t < 12)),
      PAD,
    );
    second.scan(true);
    expect(second.take(Infinity).map(seconds)).toEqual([
      { a: expect.closeTo(1.8, 1), b: expect.closeTo(3.7, 1) },
      { a: expect.closeTo(9.8, 1), b: expect.closeTo(12.2, 1) },
    ]);
  });

  it('hands out a piece only once its audio has arrived, and keeps that audio until then', () => {
    const second = new OverlapSpeech(
      frames(12, (t) => t > 5 && t < 7),
      PAD,
    );
    second.scan(false);
    expect(second.holdFrom()).toBeLessThanOrEqual(4.8 * SR);
    expect(second.take(7 * SR)).toEqual([]);
    expect(second.take(8 * SR).map(seconds)).toEqual([{ a: expect.closeTo(4.8, 1), b: expect.closeTo(7.2, 1) }]);
  });

  it('keeps what is heard again within its budget per minute of recording, carrying unspent budget over', () => {
    // two voices at once for 1 s every 5 s over two minutes: 24 runs, 1.4 s each with padding
    const runs = (budgetPerMinute: number) => {
      const second = new OverlapSpeech(
        frames(120, (t) => t % 5 > 2 && t % 5 < 3),
        PAD,
        { budgetPerMinute },
      );
      second.scan(true);
      return second.take(Infinity).reduce((s, r) => s + (r.b - r.a) / SR, 0);
    };
    expect(runs(Number.POSITIVE_INFINITY)).toBeCloseTo(24 * 1.4, 0);
    const bounded = runs(6);
    expect(bounded).toBeLessThanOrEqual(18 + 0.01); // 6 s a minute over 2 minutes and the first minute's
    expect(bounded).toBeGreaterThan(16);
  });
});
