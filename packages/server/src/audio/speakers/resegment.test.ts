import { describe, expect, it } from 'vitest';
import { GaussStats } from './gaussian.ts';
import { compact, resegment, viterbi } from './resegment.ts';
import { sample, voice } from './synthetic-voices.ts';

describe('viterbi', () => {
  it('follows the evidence but does not switch for one weak block', () => {
    const blocks = Array.from({ length: 7 }, (_, i) => ({ start: i, end: i + 1 }));
    // evidence for speaker 1 in blocks 3..6, a weak blip for speaker 1 at block 1
    const prefers1 = [false, true, false, true, true, true, true];
    const strength = [5, 1, 5, 5, 5, 5, 5];
    const labels = viterbi(blocks, (i, c) => ((c === 1) === prefers1[i] ? 0 : strength[i]!), 2, 3);
    expect(Array.from(labels)).toEqual([0, 0, 0, 1, 1, 1, 1]);
  });
});

describe('resegment', () => {
  it('moves a boundary the first clustering put in the wrong place', () => {
    const a: number[] = [];
    const b = voice(1);
    const voices = [a, a, a, a, a, a, b, b, b, b, b, b];
    const blocks = voices.map((m, i) => ({ start: i * 0.5, end: i * 0.5 + 0.5, stats: sample(50, m, 400 + i) }));
    // first guess: the change two blocks too early
    const first = Int32Array.from([0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(Array.from(resegment(blocks, first))).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
  });

  it("works on statistics of any dimension (the speaker models take the blocks' dimension)", () => {
    // the first 6 of the 19 synthetic dimensions: a reduced feature set
    const firstDims = (s: GaussStats, d: number) => {
      const out = new GaussStats(d);
      out.n = s.n;
      for (let p = 0; p < d; p++) {
        out.sum[p] = s.sum[p]!;
        for (let q = p; q < d; q++) out.outer[p * d + q] = s.outer[p * s.d + q]!;
      }
      return out;
    };
    const b = voice(1);
    const voices = [[], [], [], [], [], [], b, b, b, b, b, b];
    const blocks = voices.map((m, i) => ({
      start: i * 0.5,
      end: i * 0.5 + 0.5,
      stats: firstDims(sample(50, m, 600 + i), 6),
    }));
    const first = Int32Array.from([0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(Array.from(resegment(blocks, first))).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
  });

  it('numbers labels in order of first appearance', () => {
    expect(Array.from(compact([3, 3, 1, 3, 0]))).toEqual([0, 0, 1, 0, 2]);
  });
});
