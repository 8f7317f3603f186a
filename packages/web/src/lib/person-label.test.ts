import { describe, expect, it } from 'vitest';
import { personLabel } from './person-label';

describe('person label', () => {
  it("reads 'name - company', or just the name", () => {
    expect(personLabel({ name: 'Grace Hopper', company: 'Navy' })).toBe('Grace Hopper - Navy');
    expect(personLabel({ name: 'Grace Hopper', company: '  ' })).toBe('Grace Hopper');
    expect(personLabel({ name: 'Grace Hopper' })).toBe('Grace Hopper');
  });
});
