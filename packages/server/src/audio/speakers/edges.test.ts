import { describe, expect, it } from 'vitest';
import { tracksOf } from '../../../test/fixtures/tracks.ts';
import { followVoiceEdges } from './edges.ts';

const people = new Map([
  [0, 'Speaker 1'],
  [1, 'Speaker 2'],
]);

describe('segment edges from the segmentation model', () => {
  it('moves a segment’s edges out to where the model stops hearing its person, never in', () => {
    // track 0 speaks 1-6 s; the segment's piece was 2-5.5 s
    const tracks = tracksOf(10, (t) => (t > 1 && t < 6 ? [0, -1] : [-1, -1]));
    const segs = [{ speaker: 'Speaker 1', start: 2, end: 5.5 }];
    followVoiceEdges(segs, tracks, people);
    expect(segs[0]!.start).toBeCloseTo(1, 1);
    expect(segs[0]!.end).toBeCloseTo(6, 1);
    const wide = [{ speaker: 'Speaker 1', start: 0.2, end: 8 }];
    followVoiceEdges(wide, tracks, people);
    expect(wide[0]).toMatchObject({ start: 0.2, end: 8 });
  });

  it('does not reach across a pause or into speech of another person', () => {
    // track 0 speaks 1-3 s and 3.5-5 s; track 1 from 5 s; the segments are 3.5-4.5 (Speaker 1), 5-8 (Speaker 2)
    const tracks = tracksOf(10, (t) =>
      (t > 1 && t < 3) || (t > 3.5 && t < 6) ? [0, -1] : t >= 6 && t < 8 ? [1, -1] : [-1, -1],
    );
    const segs = [
      { speaker: 'Speaker 1', start: 3.6, end: 4.5 },
      { speaker: 'Speaker 2', start: 5, end: 8 },
    ];
    followVoiceEdges(segs, tracks, people);
    expect(segs[0]!.start).toBeCloseTo(3.5, 1);
    expect(segs[0]!.end).toBeCloseTo(5, 1); // up to Speaker 2's segment: the model heard one voice there
    expect(segs[1]).toMatchObject({ start: 5, end: 8 });
  });

  it('runs a turn on under the next speaker where the model hears both at once', () => {
    // track 0 speaks 0.5-4 s, track 1 from 3 s (both at 3-4 s); Speaker 2's piece starts at 3 s
    const tracks = tracksOf(8, (t) =>
      t > 0.5 && t < 3 ? [0, -1] : t >= 3 && t < 4 ? [1, 0] : t >= 4 && t < 7 ? [1, -1] : [-1, -1],
    );
    const segs = [
      { speaker: 'Speaker 1', start: 0.5, end: 3 },
      { speaker: 'Speaker 2', start: 3, end: 7 },
    ];
    followVoiceEdges(segs, tracks, people);
    expect(segs[0]!.end).toBeCloseTo(4, 1);
    expect(segs[1]).toMatchObject({ start: 3, end: 7 });
  });

  it("shares one person's run out among their segments, each keeping its place in it", () => {
    // track 0 speaks 1-9 s without a break; the person's three pieces were 2-3, 4-5 and 6-8 s
    const tracks = tracksOf(10, (t) => (t > 1 && t < 9 ? [0, -1] : [-1, -1]));
    const segs = [
      { speaker: 'Speaker 1', start: 2, end: 3 },
      { speaker: 'Speaker 1', start: 4, end: 5 },
      { speaker: 'Speaker 1', start: 6, end: 8 },
    ];
    // in any order: the last first here
    followVoiceEdges([...segs].reverse(), tracks, people);
    expect(segs[0]!.start).toBeCloseTo(1, 1);
    expect(segs[2]!.end).toBeCloseTo(9, 1);
    // one after another, as they were: none reaches over its neighbours
    expect(segs[0]!.end).toBeLessThanOrEqual(segs[1]!.start + 0.02);
    expect(segs[1]!.end).toBeLessThanOrEqual(segs[2]!.start + 0.02);
    expect(segs.map((s) => s.start)).toEqual([...segs.map((s) => s.start)].sort((x, y) => x - y));
    expect(segs[1]!.start).toBeGreaterThan(2.9);
    expect(segs[1]!.end).toBeLessThan(6.1);
  });
});
