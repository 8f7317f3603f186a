import { describe, expect, it } from 'vitest';
import { makeSegment } from '@/test/fixtures';
import { activeSegmentId } from './segments';
import { SPEAKER_COLORS, speakerColor, speakerColorIndex } from './speaker-color';

describe('speaker colour', () => {
  it('is stable for a name and one of 8 colours', () => {
    expect(SPEAKER_COLORS).toHaveLength(8);
    for (const name of ['Speaker 1', 'Speaker 2', 'SPEAKER_10', '', 'Zoë']) {
      const index = speakerColorIndex(name);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(8);
      expect(speakerColorIndex(name)).toBe(index);
      expect(speakerColor(name)).toBe(SPEAKER_COLORS[index]);
    }
  });

  it('hashes the name (31-based string hash)', () => {
    // 'Speaker 1'.hashCode() in Java is 253919280, and 253919280 % 8 = 0; 'Speaker 2' is one more.
    expect(speakerColorIndex('Speaker 1')).toBe(0);
    expect(speakerColorIndex('Speaker 2')).toBe(1);
    expect(speakerColorIndex('a')).toBe(97 % 8);
  });

  it('spreads the usual labels over several colours', () => {
    const used = new Set(Array.from({ length: 8 }, (_, i) => speakerColorIndex(`Speaker ${i + 1}`)));
    expect(used.size).toBeGreaterThan(4);
  });
});

describe('active segment', () => {
  const segments = [
    makeSegment({ _id: 'a', startTime: 0, endTime: 2_000 }),
    makeSegment({ _id: 'b', startTime: 3_000, endTime: 9_000 }),
    makeSegment({ _id: 'c', startTime: 9_000, endTime: 11_000 }),
  ];
  it('is the segment whose range holds the position', () => {
    expect(activeSegmentId(segments, 0)).toBe('a');
    expect(activeSegmentId(segments, 1_999)).toBe('a');
    expect(activeSegmentId(segments, 2_500)).toBeNull();
    expect(activeSegmentId(segments, 8_999)).toBe('b');
    expect(activeSegmentId(segments, 9_000)).toBe('c');
    expect(activeSegmentId(segments, 20_000)).toBeNull();
  });
});
