import { describe, expect, it } from 'vitest';
import { PitchStats } from './pitch.ts';
import { APART_SEMITONES, lowPitchGroup, lowVoicesApart, pitchApart } from './pitch-people.ts';
import { sample, voice } from './synthetic-voices.ts';

/** A histogram of `voiced` frames at `hz`. */
function at(hz: number, voiced: number): PitchStats {
  const s = new PitchStats();
  for (let i = 0; i < voiced; i++) s.addHz(hz);
  return s;
}

/** 0.5 s blocks, one after the other, with the given pitch (one MFCC voice for all: the statistics cannot tell). */
function blocks(hz: number[], voiced = 15) {
  return hz.map((f, i) => ({
    start: i * 0.5,
    end: i * 0.5 + 0.5,
    stats: sample(50, voice(0), 40 + i),
    pitch: at(f, voiced),
  }));
}

describe('lowVoicesApart', () => {
  it("gives a man's second among a woman's speech a person of its own", () => {
    const b = blocks([200, 210, 190, 205, 110, 105, 200, 195, 215, 200]);
    expect([...lowVoicesApart(b, new Int32Array(b.length), 0.75)]).toEqual([0, 0, 0, 0, 1, 1, 0, 0, 0, 0]);
  });

  it('leaves a voice rising far above its median alone (emphasis, a question), and a run too short to show', () => {
    const rise = blocks([110, 115, 105, 200, 210, 110, 112, 108]);
    expect([...lowVoicesApart(rise, new Int32Array(rise.length), 0.75)].every((l) => l === 0)).toBe(true);
    const brief = blocks([200, 210, 190, 110, 200, 195, 215, 200]);
    expect([...lowVoicesApart(brief, new Int32Array(brief.length), 0.75)].every((l) => l === 0)).toBe(true);
  });

  it('makes no new person where another person already speaks that low', () => {
    const b = blocks([200, 210, 190, 205, 110, 105, 200, 195, 112, 108, 110, 109]);
    const labels = Int32Array.from([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1]);
    expect([...lowVoicesApart(b, labels, 0.75)]).toEqual([...labels]);
  });

  it('changes nothing without pitch (blocks saved before it was measured)', () => {
    const b = blocks([200, 210, 110, 105]).map(({ pitch: _, ...x }) => x);
    expect([...lowVoicesApart(b, new Int32Array(4), 0.75)]).toEqual([0, 0, 0, 0]);
  });
});

describe('lowPitchGroup', () => {
  it('finds the lower of two pitch groups far apart in a few seconds of speech', () => {
    const b = blocks([190, 200, 180, 110, 115, 105]);
    expect(lowPitchGroup(b).sort()).toEqual([3, 4, 5]);
  });

  it('finds none in one voice whose pitch moves within a few semitones', () => {
    const one = blocks([110, 125, 100, 140, 118, 130]);
    expect(lowPitchGroup(one)).toEqual([]);
  });
});

describe('pitchApart', () => {
  it('calls stretches APART_SEMITONES apart two people, given a second of voiced speech each', () => {
    const low = at(110, 60);
    const high = at(110 * 2 ** ((APART_SEMITONES + 0.5) / 12), 60);
    expect(pitchApart(low, high)).toBe(true);
    expect(pitchApart(low, at(130, 60))).toBe(false);
    expect(pitchApart(low, at(220, 20))).toBe(false); // too little voiced speech to tell
    expect(pitchApart(low, undefined)).toBe(false);
  });
});
