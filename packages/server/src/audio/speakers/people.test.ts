import { describe, expect, it } from 'vitest';
import { countSpeakers, findPeople } from './people.ts';
import { PitchStats } from './pitch.ts';
import { sample, voice } from './synthetic-voices.ts';

/** 0.5 s blocks with the given pitch, one MFCC voice for all (the statistics cannot tell them apart). */
function blocks(hz: number[]) {
  return hz.map((f, i) => {
    const pitch = new PitchStats();
    for (let k = 0; k < 15; k++) pitch.addHz(f);
    return { start: i * 0.5, end: i * 0.5 + 0.5, stats: sample(50, voice(0), 40 + i), pitch };
  });
}

describe('how many people (people.ts)', () => {
  it('makes brief speech in two pitch groups far apart two people, and one without the pitch', () => {
    const b = blocks([190, 200, 180, 110, 115, 105]);
    expect([...findPeople(b, undefined, {}, 0.75).labels]).toEqual([0, 0, 0, 1, 1, 1]);
    const without = findPeople(b, undefined, { pitch: false }, 0.75);
    expect([...without.labels]).toEqual([0, 0, 0, 0, 0, 0]);
    expect(without.onePerson).toBe(true);
  });

  it('gives one person to one voice in brief speech', () => {
    const people = findPeople(blocks([110, 125, 100, 140, 118, 130]), undefined, {}, 0.75);
    expect([...people.labels]).toEqual([0, 0, 0, 0, 0, 0]);
    expect(people.onePerson).toBe(true);
  });

  it('adds no pitch person to brief speech the channels already split into two people', () => {
    // a call's two sides, four blocks each (too few to cluster): each side one person whatever its pitch
    const b = blocks([200, 200, 110, 110, 200, 200, 110, 110]).map((x, i) => ({
      ...x,
      channelBalanceDb: i < 4 ? 30 : -30,
    }));
    expect([...findPeople(b, undefined, { minBlocks: 10 }, 0.75).labels]).toEqual([0, 0, 0, 0, 1, 1, 1, 1]);
  });

  it('counts the people a transcript names', () => {
    expect(countSpeakers(['Speaker 1', 'Speaker 2', 'Speaker 1'])).toBe(2);
    expect(countSpeakers([])).toBe(0);
  });
});
