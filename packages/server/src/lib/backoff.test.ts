import { describe, expect, it } from 'vitest';
import { backoffMs } from './backoff.ts';

describe('backoffMs', () => {
  it('waits the base after the first failure, x4 after each next one, never past the cap', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => backoffMs(attempt, 5, 10 * 60_000))).toEqual([
      5_000, 20_000, 80_000, 320_000, 600_000,
    ]);
    expect(backoffMs(0, 5, 60_000)).toBe(5_000);
  });
});
