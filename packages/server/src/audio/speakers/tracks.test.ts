import { describe, expect, it } from 'vitest';
import { tracksOf } from '../../../test/fixtures/tracks.ts';
import type { SpeakerTracks } from '../speech/segmentation.ts';
import { diarize } from './diarize.ts';
import { GaussStats } from './gaussian.ts';
import { PitchStats } from './pitch.ts';
import { sample, voice } from './synthetic-voices.ts';
import { dominantTracks, heardTogether, labelBlocksByTracks, personOfTracks, secondVoice } from './tracks.ts';

const block = (start: number, end: number) => ({ start, end, stats: new GaussStats() });

describe('speaker tracks', () => {
  // track 0 speaks 0-4 s, track 1 from 3 s (over track 0 until 4 s) to 8 s, track 2 a second at 8.5 s
  const tracks = tracksOf(10, (t) =>
    t < 3 ? [0, -1] : t < 4 ? [0, 1] : t < 8 ? [1, -1] : t >= 8.5 && t < 9.5 ? [2, -1] : [-1, -1],
  );

  it('gives each block the track most active in it, -1 where nobody speaks', () => {
    const blocks = [block(0, 0.5), block(3.5, 4.0), block(4.2, 4.7), block(8.0, 8.4), block(8.6, 9.1)];
    expect([...dominantTracks(blocks, tracks)]).toEqual([0, 0, 1, -1, 2]);
  });

  it('knows which tracks were heard together long enough to be two people', () => {
    const together = heardTogether(tracks, 0.5);
    expect(together(0, 1)).toBe(true);
    expect(together(1, 0)).toBe(true);
    expect(together(1, 2)).toBe(false);
    expect(heardTogether(tracks, 1.5)(0, 1)).toBe(false);
  });

  it('names each track by the person most of its blocks were given', () => {
    const dominant = Int32Array.from([0, 0, 0, 1, 1, 2]);
    const labels = Int32Array.from([0, 0, 1, 1, 1, 0]);
    expect(personOfTracks(dominant, labels)).toEqual(
      new Map([
        [0, 0],
        [1, 1],
        [2, 0],
      ]),
    );
  });

  it('finds the second voice of an overlap, and none when both tracks are one person', () => {
    expect(
      secondVoice(
        3,
        4,
        tracks,
        new Map([
          [0, 0],
          [1, 1],
        ]),
      ),
    ).toBe(1);
    expect(
      secondVoice(
        3,
        4,
        tracks,
        new Map([
          [0, 1],
          [1, 0],
        ]),
      ),
    ).toBe(0);
    expect(
      secondVoice(
        3,
        4,
        tracks,
        new Map([
          [0, 0],
          [1, 0],
        ]),
      ),
    ).toBeUndefined();
    expect(
      secondVoice(
        5,
        6,
        tracks,
        new Map([
          [0, 0],
          [1, 1],
        ]),
      ),
    ).toBeUndefined();
  });

  describe('tracks into people', () => {
    // two tracks one after the other (0-10 s, 10-20 s), in 0.5 s blocks of 50 MFCC frames
    const twoTracks = tracksOf(20, (t) => [t < 10 ? 0 : 1, -1]);
    const blocksOf = (voiceOf: (t: number) => number) =>
      Array.from({ length: 40 }, (_, i) => ({
        start: i * 0.5,
        end: i * 0.5 + 0.45,
        stats: sample(50, voice(voiceOf(i * 0.5)), 100 + i),
      }));
    const people = (blocks: ReturnType<typeof blocksOf>, tracks: SpeakerTracks) =>
      new Set(labelBlocksByTracks(blocks, dominantTracks(blocks, tracks), tracks, undefined));

    it('joins two tracks of one voice, and keeps them apart when the model told them apart in one window', () => {
      const blocks = blocksOf(() => 0);
      expect(people(blocks, twoTracks).size).toBe(1);
      expect(people(blocks, { ...twoTracks, distinct: [{ x: 1, y: 0, start: 5, end: 15 }] }).size).toBe(2);
      // told apart only in a window neither reaches (a track that carried another voice there)
      expect(people(blocks, { ...twoTracks, distinct: [{ x: 1, y: 0, start: 30, end: 40 }] }).size).toBe(1);
    });

    it('joins two tracks of different voices only as the statistics say', () => {
      expect(
        people(
          blocksOf((t) => (t < 10 ? 0 : 1)),
          twoTracks,
        ).size,
      ).toBe(2);
    });

    it('gives a voice heard only over another its own person, not its neighbour`s', () => {
      // track 0 alone 0-10 s; 10-20 s track 1 speaks over track 0 (track 1 the louder): never alone
      const overlapped = tracksOf(20, (t) => (t < 10 ? [0, -1] : [1, 0]));
      const labels = labelBlocksByTracks(
        blocksOf((t) => (t < 10 ? 0 : 1)),
        dominantTracks(
          blocksOf(() => 0),
          overlapped,
        ),
        overlapped,
        undefined,
      );
      expect(labels[5]).not.toBe(labels[30]);
    });
  });

  it('gives a second voice heard only over the one person found a person of its own', () => {
    // one voice throughout (track 0); the model hears track 1 under it from 12 to 14 s only
    const tracks = tracksOf(20, (t) => [0, t >= 12 && t < 14 ? 1 : -1]);
    const blocks = Array.from({ length: 40 }, (_, i) => ({
      start: i * 0.5,
      end: i * 0.5 + 0.45,
      stats: sample(50, voice(0), 300 + i),
    }));
    const segments = [
      { start: 0, end: 10 },
      { start: 10, end: 20 },
      { start: 12, end: 14, overlap: true },
      { start: 4, end: 6, overlap: true }, // recognised again, but the model heard one voice there
    ];
    const r = diarize(blocks, segments, {}, tracks);
    expect(r.labels).toEqual(['Speaker 1', 'Speaker 1', 'Speaker 2', '']);
    expect(r.speakerCount).toBe(2);
    // without the overlap segment the one voice keeps one label
    expect(diarize(blocks, segments.slice(0, 2), {}, tracks).speakerCount).toBe(1);
  });

  it('makes a brief voice the model told apart a second person when the statistics found one', () => {
    // 2 s of one track, then 1 s of another: six blocks of one voice's statistics (too few to measure)
    const tracks = tracksOf(3.2, (t) => [t < 2 ? 0 : 1, -1]);
    const blocks = Array.from({ length: 6 }, (_, i) => ({
      start: i * 0.5,
      end: i * 0.5 + 0.45,
      stats: sample(50, voice(0), 400 + i),
    }));
    const segments = [{ start: 0, end: 3 }];
    const parts = (t: SpeakerTracks) => diarize(blocks, segments, {}, t).parts[0]!.map((p) => p.speaker);
    expect(parts(tracks)).toEqual(['Speaker 1']);
    const told = { ...tracks, distinct: [{ x: 0, y: 1, start: 0, end: 10 }] };
    expect(parts(told)).toEqual(['Speaker 1', 'Speaker 2']);
    expect(diarize(blocks, segments, {}, told).parts[0]![1]!.start).toBeCloseTo(1.975, 2);
  });
});

describe("a low voice inside another's speech (pitch rule 1, docs/decisions/025)", () => {
  // one segment of 5 s: a woman (~200 Hz) with a man's second (~108 Hz) at 2-3 s, one MFCC voice for all
  const hz = [200, 210, 190, 205, 110, 105, 200, 195, 215, 200];
  const blocks = hz.map((f, i) => {
    const pitch = new PitchStats();
    for (let k = 0; k < 15; k++) pitch.addHz(f);
    return { start: i * 0.5, end: i * 0.5 + 0.5, stats: sample(50, voice(0), 500 + i), pitch };
  });
  const segments = [{ start: 0, end: 5 }];

  it('is a second voice over the segment, which keeps its speaker, where the model hears her voice go on', () => {
    const r = diarize(
      blocks,
      segments,
      {},
      tracksOf(5, () => [0, -1]),
    );
    expect(r.parts[0]).toEqual([
      { start: 0, end: 5, speaker: 'Speaker 1' },
      { start: 2, end: 3, speaker: 'Speaker 2', overlap: true },
    ]);
    expect(r.labels).toEqual(['Speaker 1']);
    expect(r.speakerCount).toBe(2);
  });

  it('cuts the segment where the model hears him as a voice of his own, or without the model', () => {
    const own = diarize(
      blocks,
      segments,
      {},
      tracksOf(5, (t) => [t >= 2 && t < 3 ? 1 : 0, -1]),
    );
    expect(own.parts[0]!.map((p) => [p.speaker, p.overlap ?? false])).toEqual([
      ['Speaker 1', false],
      ['Speaker 2', false],
      ['Speaker 1', false],
    ]);
    const alone = diarize(blocks, segments, {}).parts[0]!;
    expect(alone.map((p) => [p.speaker, p.overlap ?? false])).toEqual([
      ['Speaker 1', false],
      ['Speaker 2', false],
      ['Speaker 1', false],
    ]);
  });
});
