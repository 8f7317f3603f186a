import type { LoginThrottleRepository } from '../repositories/login-throttle.ts';

// Limits sign-in attempts per account and per client address (docs/decisions/040-login-throttling.md).
// The attempt is counted before the password is checked, so concurrent guesses each take a slot;
// the counters live in the database, so every API process sharing it enforces the same limits.

export interface ThrottleLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { perAccount: 5, perAddress: 20, windowMs: 15 * 60 * 1000 };

export interface Reservation {
  /** Seconds to wait before trying again; 0 when this attempt may go ahead. */
  retryAfterSeconds: number;
  /** The password was right: forget the account's failures and give the address its slot back. */
  succeeded(): Promise<void>;
}

export function loginThrottle(
  repo: LoginThrottleRepository,
  limits: ThrottleLimits = DEFAULT_THROTTLE,
  now: () => Date = () => new Date(),
) {
  let attemptsSincePrune = 0;

  return {
    async reserve(email: string, address: string): Promise<Reservation> {
      const at = now();
      const accountKey = `account:${email.toLowerCase()}`;
      const addressKey = `address:${address}`;
      const waits = await Promise.all(
        [
          [accountKey, limits.perAccount],
          [addressKey, limits.perAddress],
        ].map(async ([key, limit]) => {
          const { attempts, windowStart } = await repo.countAttempt(key as string, at, limits.windowMs);
          if (attempts <= (limit as number)) return 0;
          return Math.max(1, Math.ceil((windowStart.getTime() + limits.windowMs - at.getTime()) / 1000));
        }),
      );
      // Old windows are deleted now and then rather than on every attempt.
      if (++attemptsSincePrune >= 100) {
        attemptsSincePrune = 0;
        await repo.deleteExpired(at, limits.windowMs);
      }
      return {
        retryAfterSeconds: Math.max(...waits),
        async succeeded() {
          await repo.clear(accountKey);
          await repo.uncount(addressKey);
        },
      };
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;
