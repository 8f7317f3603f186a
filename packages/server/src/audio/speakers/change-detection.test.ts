import { describe, expect, it } from 'vitest';
import { detectChanges } from './change-detection.ts';
import type { SpeakerBlock } from './speaker-features.ts';
import { sample, voice } from './synthetic-voices.ts';

/** Consecutive 0.5 s blocks (no pauses) whose frames come from the given voices. */
function blocks(voices: number[][], seed = 1): SpeakerBlock[] {
  return voices.map((mean, i) => ({ start: i * 0.5, end: i * 0.5 + 0.5, stats: sample(50, mean, seed + i) }));
}

describe('detectChanges', () => {
  it('cuts continuous speech where the voice changes', () => {
    const a: number[] = [];
    const b = voice(1);
    const segments = detectChanges(blocks([a, a, a, a, a, b, b, b, b, b]), { maxSegmentBlocks: 20 });
    expect(segments.map(([s]) => s)).toContain(5);
    // no cut inside either voice
    expect(segments).toEqual([
      [0, 5],
      [5, 10],
    ]);
  });

  it('does not cut one voice (except to keep segments short)', () => {
    const a: number[] = [];
    expect(detectChanges(blocks(Array.from({ length: 12 }, () => a)), { maxSegmentBlocks: 20 })).toEqual([[0, 12]]);
    expect(detectChanges(blocks(Array.from({ length: 12 }, () => a)), { maxSegmentBlocks: 6 })).toEqual([
      [0, 6],
      [6, 12],
    ]);
  });

  it('always ends a segment at a pause', () => {
    const bs = blocks([[], [], [], []]);
    bs[2] = { ...bs[2]!, start: 5, end: 5.5 };
    bs[3] = { ...bs[3]!, start: 5.5, end: 6 };
    expect(detectChanges(bs)).toEqual([
      [0, 2],
      [2, 4],
    ]);
  });
});
