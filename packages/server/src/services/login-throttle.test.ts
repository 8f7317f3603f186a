import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.ts';

describe('sign-in throttling', () => {
  const limits = { perAccount: 3, perAddress: 5, windowMs: 60_000 };

  it('blocks an account after its failures, for the rest of the window', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(limits, () => now);
    for (let i = 0; i < 3; i++) throttle.recordFailure('a@x.io', `10.0.0.${i}`);
    expect(throttle.retryAfter('a@x.io', '10.0.0.9')).toBe(60);
    now += 30_000;
    expect(throttle.retryAfter('a@x.io', '10.0.0.9')).toBe(30);
    now += 30_001;
    expect(throttle.retryAfter('a@x.io', '10.0.0.9')).toBe(0);
  });

  it('blocks an address that tries many accounts', () => {
    const throttle = new LoginThrottle(limits, () => 0);
    for (let i = 0; i < 5; i++) throttle.recordFailure(`user${i}@x.io`, '192.0.2.1');
    expect(throttle.retryAfter('fresh@x.io', '192.0.2.1')).toBeGreaterThan(0);
    expect(throttle.retryAfter('fresh@x.io', '192.0.2.2')).toBe(0);
  });

  it('forgets an account’s failures after a successful sign-in', () => {
    const throttle = new LoginThrottle(limits, () => 0);
    throttle.recordFailure('a@x.io', '1.1.1.1');
    throttle.recordFailure('a@x.io', '1.1.1.1');
    throttle.recordSuccess('a@x.io');
    throttle.recordFailure('a@x.io', '1.1.1.1');
    expect(throttle.retryAfter('a@x.io', '2.2.2.2')).toBe(0);
  });
});
