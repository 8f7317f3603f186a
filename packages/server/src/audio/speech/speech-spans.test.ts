import { describe, expect, it } from 'vitest';
import { FRAME_SECONDS } from './piece-tracker.ts';
import { speechSpans } from './speech-spans.ts';

describe('speechSpans', () => {
  const frames = (seconds: number) => Math.round(seconds / FRAME_SECONDS);
  const piece = (probs: number[], start = 10) => ({
    start: start - 0.4,
    end: start + probs.length * FRAME_SECONDS + 0.4,
    frameProbs: Float32Array.from(probs),
    frameProbsStart: start,
  });
  const options = { threshold: 0.3, negThreshold: 0.15, gapSeconds: 1.2, padSeconds: 0.4 };
  const speech = (s: number) => new Array<number>(frames(s)).fill(0.9);
  const quiet = (s: number) => new Array<number>(frames(s)).fill(0.02);

  it('cuts a piece at a long silence inside it, each side keeping the padding of a piece', () => {
    // "Yeah." at 10 s, 1.7 s of silence, a 4 s reply: two spans, as the pieces were before they were joined
    const spans = speechSpans(piece([...speech(0.6), ...quiet(1.7), ...speech(4)]), options);
    expect(spans).toHaveLength(2);
    expect(spans[0]!.start).toBeCloseTo(9.6, 5);
    expect(spans[0]!.end).toBeCloseTo(10 + frames(0.6) * FRAME_SECONDS + 0.4, 5);
    expect(spans[1]!.start).toBeCloseTo(10 + (frames(0.6) + frames(1.7)) * FRAME_SECONDS - 0.4, 5);
    expect(spans[1]!.end).toBeCloseTo(piece([...speech(0.6), ...quiet(1.7), ...speech(4)]).end, 5);
  });

  it('keeps a piece whole when its pauses are shorter, and never cuts at its edges', () => {
    expect(speechSpans(piece([...speech(2), ...quiet(1), ...speech(2)]), options)).toHaveLength(1);
    expect(speechSpans(piece([...quiet(1.5), ...speech(2), ...quiet(1.5)]), options)).toHaveLength(1);
  });

  it('judges frames as the segmenter does: a silence stays silence until the probability reaches the threshold', () => {
    const murmur = new Array<number>(frames(1.7)).fill(0.2); // between negThreshold and threshold
    // after a quiet frame ends the speech, a murmur below the threshold does not start it again
    expect(speechSpans(piece([...speech(0.6), 0.02, ...murmur, ...speech(4)]), options)).toHaveLength(2);
    expect(
      speechSpans(piece([...speech(0.6), 0.02, ...murmur, ...speech(4)]), { ...options, threshold: 0.2 }),
    ).toHaveLength(1);
  });

  it('gives each side at most half of a silence just over the limit', () => {
    const spans = speechSpans(piece([...speech(1), ...quiet(1.3), ...speech(1)]), { ...options, padSeconds: 1 });
    expect(spans).toHaveLength(2);
    expect(spans[0]!.end).toBeCloseTo(spans[1]!.start, 5);
  });
});
