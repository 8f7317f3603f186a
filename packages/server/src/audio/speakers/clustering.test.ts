import { describe, expect, it } from 'vitest';
import { clusterSegments } from './clustering.ts';
import { sample, voice } from './synthetic-voices.ts';

const voices = [voice(0), voice(1), voice(2)];

describe('clusterSegments', () => {
  it('finds how many voices there are, without being told', () => {
    // 3 voices, 8 segments of 1 s each, interleaved
    const which = [0, 1, 2, 0, 1, 2, 0, 1, 0, 2, 1, 0];
    const labels = clusterSegments(which.map((v, i) => sample(100, voices[v]!, 100 + i)));
    expect(new Set(labels).size).toBe(3);
    // same voice, same label; different voices, different labels
    for (let i = 0; i < which.length; i++)
      for (let j = 0; j < which.length; j++) expect(labels[i] === labels[j]).toBe(which[i] === which[j]);
  });

  it('keeps one voice in one cluster', () => {
    const labels = clusterSegments(Array.from({ length: 20 }, (_, i) => sample(100, [], 200 + i)));
    expect(new Set(labels).size).toBe(1);
  });

  it('pre-merges neighbours when there are too many segments, and still separates the voices', () => {
    const which = Array.from({ length: 40 }, (_, i) => Math.floor(i / 10) % 2);
    const labels = clusterSegments(
      which.map((v, i) => sample(100, voices[v]!, 300 + i)),
      { maxInitialClusters: 12 },
    );
    expect(new Set(labels).size).toBe(2);
    for (let i = 0; i < which.length; i++) expect(labels[i] === labels[0]).toBe(which[i] === which[0]);
  });
});
