import { describe, expect, it } from 'vitest';
import { deltaBic, frameLogLikelihood, GaussStats, toModel } from './gaussian.ts';
import { sample, voice } from './synthetic-voices.ts';

describe('GaussStats', () => {
  it('recovers mean and covariance of its frames', () => {
    const s = sample(4000, [3, -2], 1);
    const mu = s.mean();
    expect(mu[0]).toBeCloseTo(3, 1);
    expect(mu[1]).toBeCloseTo(-2, 1);
    const c = s.covariance();
    expect(c[0]).toBeCloseTo(1, 1);
    expect(Math.abs(c[1]!)).toBeLessThan(0.1);
    // log|Σ| of a near-identity covariance is near 0
    expect(Math.abs(s.logDet())).toBeLessThan(1.5);
  });

  it('merges by adding statistics', () => {
    const a = sample(100, [0], 2);
    const b = sample(50, [1], 3);
    const m = GaussStats.merged(a, b);
    expect(m.n).toBe(150);
    expect(m.mean()[0]).toBeCloseTo((a.sum[0]! + b.sum[0]!) / 150, 9);
  });
});

describe('deltaBic', () => {
  it('says "two speakers" for different distributions and "one" for the same', () => {
    const a = sample(150, [], 4);
    const same = sample(150, [], 5);
    const other = sample(150, voice(1), 6);
    expect(deltaBic(a, same, 1)).toBeLessThan(0);
    expect(deltaBic(a, other, 1)).toBeGreaterThan(0);
  });

  it('judges a long pair on a bounded sample in its own proportions (maxPairFrames)', () => {
    // one voice drifting slightly (mean shifted by 0.15 in every dimension): with an hour's worth of
    // frames any drift outweighs the penalty; judged on 2500 frames it does not
    const a = sample(40_000, [], 10);
    const drifted = sample(10_000, new Array(19).fill(0.15), 11);
    expect(deltaBic(a, drifted, 1.5)).toBeGreaterThan(0);
    expect(deltaBic(a, drifted, 1.5, Infinity, 2500)).toBeLessThan(0);
    // a different voice stays apart on the same bounded sample
    expect(deltaBic(a, sample(10_000, voice(1), 12), 1.5, Infinity, 2500)).toBeGreaterThan(0);
    // the pair is scaled as a whole: the same as scaling both sides by one factor
    expect(deltaBic(a, drifted, 1.5, Infinity, 2500)).toBeCloseTo(
      deltaBic(a.capped(2000), drifted.capped(500), 1.5),
      6,
    );
  });
});

describe('frameLogLikelihood', () => {
  it('scores frames higher under their own model', () => {
    const a = sample(500, [], 7);
    const b = sample(500, [2, 2, 2], 8);
    const testA = sample(50, [], 9);
    expect(frameLogLikelihood(testA, toModel(a))).toBeGreaterThan(frameLogLikelihood(testA, toModel(b)));
  });
});
