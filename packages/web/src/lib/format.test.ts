import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, formatTimestamp, secondsToMinutes } from './format';

describe('formatDuration (seconds)', () => {
  it.each([
    [undefined, 'N/A'],
    [null, 'N/A'],
    [0, 'N/A'],
    [5, '0:05'],
    [59, '0:59'],
    [60, '1:00'],
    [125, '2:05'],
    [3725, '62:05'],
  ])('%s -> %s', (input, expected) => {
    expect(formatDuration(input)).toBe(expected);
  });
});

describe('formatTimestamp (milliseconds)', () => {
  it.each([
    [undefined, '00:00'],
    [null, '00:00'],
    [0, '00:00'],
    [999, '00:00'],
    [5_000, '00:05'],
    [65_500, '01:05'],
    [3_599_000, '59:59'],
    [3_600_000, '1:00:00'],
    [3_723_000, '1:02:03'],
    [36_000_000, '10:00:00'],
  ])('%s -> %s', (input, expected) => {
    expect(formatTimestamp(input)).toBe(expected);
  });
});

describe('formatDate', () => {
  it('uses US English with an abbreviated month', () => {
    expect(formatDate(new Date(2026, 10, 22, 12))).toBe('Nov 22, 2026');
    expect(formatDate(new Date(2025, 0, 3, 12).toISOString())).toBe('Jan 3, 2025');
  });

  it('is empty for missing or invalid values', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('secondsToMinutes', () => {
  it('rounds to whole minutes', () => {
    expect(secondsToMinutes(18_000)).toBe(300);
    expect(secondsToMinutes(89)).toBe(1);
    expect(secondsToMinutes(90)).toBe(2);
  });
});
