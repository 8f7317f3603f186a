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
});

describe('frameLogLikelihood', () => {
  it('scores frames higher under their own model', () => {
    const a = sample(500, [], 7);
    const b = sample(500, [2, 2, 2], 8);
    const testA = sample(50, [], 9);
    expect(frameLogLikelihood(testA, toModel(a))).toBeGreaterThan(frameLogLikelihood(testA, toModel(b)));
  });
});
