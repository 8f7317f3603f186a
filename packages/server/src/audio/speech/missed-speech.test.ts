import { describe, expect, it } from 'vitest';
import { finalFramesOf } from '../../../test/fixtures/tracks.ts';
import { MissedSpeech, type ModelFrames } from './missed-speech.ts';

const SR = 16000;
const PAD = 0.4 * SR;

/** The model's final frames over `seconds`. */
function heard(seconds: number, at: (t: number) => boolean): ModelFrames {
  const f = finalFramesOf(seconds, at);
  return { readyFrames: f.readyFrames, activeAt: (g) => f.at[g]! };
}

const seconds = (r: { a: number; b: number }) => ({ a: r.a / SR, b: r.b / SR });

describe('speech the segmentation model hears where Silero’s pieces do not reach', () => {
  it('recognises speech no Silero piece holds, padded only into audio no piece holds', () => {
    // Silero's one piece holds 0-5 s; the model also hears 5.2-7 s and 10-11 s
    const extras = new MissedSpeech(
      heard(12, (t) => (t > 1 && t < 4.6) || (t > 5.2 && t < 7) || (t > 10 && t < 11)),
      PAD,
    );
    extras.cover(0, 5 * SR);
    extras.scan(Infinity, true);
    const pieces = extras.take(Infinity).map(seconds);
    expect(pieces).toHaveLength(2);
    expect(pieces[0]!.a).toBe(5); // the padding stops where Silero's piece ends
    expect(pieces[0]!.b).toBeCloseTo(7.4, 1);
    expect(pieces[1]!.a).toBeCloseTo(9.6, 1);
    expect(pieces[1]!.b).toBeCloseTo(11.4, 1);
  });

  it('leaves speech shorter than a word, and speech Silero holds, to Silero', () => {
    const extras = new MissedSpeech(
      heard(8, (t) => (t > 1 && t < 3) || (t > 6 && t < 6.3)),
      PAD,
    );
    extras.cover(0.6 * SR, 3.4 * SR);
    extras.scan(Infinity, true);
    expect(extras.take(Infinity)).toEqual([]);
  });

  it('counts audio that may still join Silero’s open piece as held', () => {
    const extras = new MissedSpeech(
      heard(8, (t) => t > 5 && t < 7),
      PAD,
    );
    extras.scan(4.5 * SR, false); // Silero's open piece began at 4.5 s
    extras.scan(Infinity, true);
    expect(extras.take(Infinity)).toEqual([]);
  });

  it('hands out a piece only once its audio has arrived, and keeps that audio until then', () => {
    const extras = new MissedSpeech(
      heard(12, (t) => t > 5 && t < 7),
      PAD,
    );
    extras.scan(Infinity, false);
    expect(extras.holdFrom()).toBeLessThanOrEqual(4.6 * SR);
    expect(extras.take(7 * SR)).toEqual([]);
    expect(extras.take(8 * SR).map(seconds)).toEqual([{ a: expect.closeTo(4.6, 1), b: expect.closeTo(7.4, 1) }]);
  });
});
