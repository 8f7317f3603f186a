import { describe, expect, it } from 'vitest';
import { parseTimestamp, parseTiming, splitSpeakerPrefix } from './transcript.ts';

describe('cue timestamps', () => {
  it.each([
    ['00:00:01.000', 1000],
    ['01:02.345', 62_345],
    ['00:01:02,345', 62_345],
    ['1:00:00.5', 3_600_500],
    ['100:00:00.000', 360_000_000],
    ['00:00:07', 7000],
  ])('%s is %i ms', (text, ms) => expect(parseTimestamp(text)).toBe(ms));

  it.each(['00:60:00.000', '0:1:2.000', 'aa:bb:cc', '00:00:01.0000', ''])('%s is not a timestamp', (text) =>
    expect(parseTimestamp(text)).toBeNull(),
  );

  it('reads WebVTT cue settings after the end time and names the line of a bad one', () => {
    expect(parseTiming('00:00:01.000 --> 00:00:02.000 align:start line:0', 4)).toEqual({ startMs: 1000, endMs: 2000 });
    expect(() => parseTiming('00:00:01.000 -> 00:00:02.000', 9)).toThrow(/^Line 9: the cue timing/);
    expect(() => parseTiming('49:00:00.000 --> 49:00:01.000', 2)).toThrow('Line 2: the cue is more than 48 hours in');
  });
});

describe("'Name:' speaker prefixes", () => {
  it.each([
    ['Ann Smith: Hello there', 'Ann Smith', 'Hello there'],
    ['>> Bob: Yes', 'Bob', 'Yes'],
    ['- José Álvarez: Sí', 'José Álvarez', 'Sí'],
    ["Dr. O'Neil (guest): Thanks", "Dr. O'Neil (guest)", 'Thanks'],
  ])('%s', (text, speaker, rest) => expect(splitSpeakerPrefix(text)).toEqual({ speaker, text: rest }));

  it.each([
    'We start at 10:30 sharp',
    '10:30: the time we start',
    'The plan for this quarter and the next one: ship',
    'Okay.',
    'Agenda:',
  ])('no speaker in %s', (text) => expect(splitSpeakerPrefix(text)).toEqual({ speaker: null, text }));
});
