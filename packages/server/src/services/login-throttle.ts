import { MEMBER_ADDS_PER_HOUR, WEBHOOK_TESTS_PER_USER_PER_MINUTE } from '@parley/contract';
import { clientKey } from '../lib/ip-address.ts';
import type { LoginThrottleRepository } from '../repositories/login-throttle.ts';

// Limits sign-in attempts so that a guesser is slowed without locking the owner out, and sign-ups per
// client address (docs/decisions/040-login-throttling.md, 214). Each attempt is counted before the password
// is checked, so concurrent guesses each take a slot; the counters live in the database, so every API
// process sharing it enforces the same limits.

/** One fixed-window counter: at most `limit` attempts per `windowMs`; its keys start with `name:`. */
export interface Window {
  name: string;
  limit: number;
  windowMs: number;
}

export interface ThrottleLimits {
  /**
   * Failures of one account from one client address: each window is longer and holds more, so a client that
   * keeps guessing waits longer and longer (15 minutes, then an hour, then a day). Other clients, the
   * owner's among them, are not held by it.
   */
  perAccountAndAddress: Window[];
  /** Attempts on one account from every client together: a short window, so it slows and never locks for long. */
  perAccount: Window;
  /** Attempts from one client address on any accounts (one client trying many). */
  perAddress: Window;
  /** Sign-ups from one client address; a limit of 0 turns it off. */
  registrations: Window;
  /** Members one account adds by email: each add tells whether the email has an account (decision 292). */
  memberAdds: Window;
  /** "Send test event" by one account across its webhooks: counted apart from them, so deleting one frees nothing (decision 292). */
  webhookTests: Window;
}

const MINUTE = 60_000;
export const DEFAULT_THROTTLE: ThrottleLimits = {
  perAccountAndAddress: [
    { name: 'pair-15m', limit: 5, windowMs: 15 * MINUTE },
    { name: 'pair-1h', limit: 10, windowMs: 60 * MINUTE },
    { name: 'pair-1d', limit: 20, windowMs: 24 * 60 * MINUTE },
  ],
  perAccount: { name: 'account-1m', limit: 10, windowMs: MINUTE },
  perAddress: { name: 'address-15m', limit: 20, windowMs: 15 * MINUTE },
  registrations: { name: 'register-1h', limit: 10, windowMs: 60 * MINUTE },
  memberAdds: { name: 'member-add-1h', limit: MEMBER_ADDS_PER_HOUR, windowMs: 60 * MINUTE },
  webhookTests: { name: 'webhook-test-1m', limit: WEBHOOK_TESTS_PER_USER_PER_MINUTE, windowMs: MINUTE },
};

export interface Reservation {
  /** Seconds to wait before trying again; 0 when this attempt may go ahead. */
  retryAfterSeconds: number;
  /** The password was right: forget this client's failures on the account and give the other slots back. */
  succeeded(): Promise<void>;
}

export function loginThrottle(
  repo: LoginThrottleRepository,
  limits: ThrottleLimits = DEFAULT_THROTTLE,
  now: () => Date = () => new Date(),
) {
  const windows = [
    ...limits.perAccountAndAddress,
    limits.perAccount,
    limits.perAddress,
    limits.registrations,
    limits.memberAdds,
    limits.webhookTests,
  ];
  let attemptsSincePrune = 0;

  /** Counts one attempt in each window; the longest wait any of them asks for (0 when all have room). */
  async function count(at: Date, keyed: Array<[Window, string]>): Promise<number> {
    const waits = await Promise.all(
      keyed.map(async ([window, key]) => {
        const { attempts, windowStart } = await repo.countAttempt(key, at, window.windowMs);
        if (attempts <= window.limit) return 0;
        // Another process may have opened the window a moment after this attempt's clock read: never more
        // than the window itself.
        const left = Math.min(window.windowMs, windowStart.getTime() + window.windowMs - at.getTime());
        return Math.max(1, Math.ceil(left / 1000));
      }),
    );
    // Windows that are over are deleted now and then rather than on every attempt.
    if (++attemptsSincePrune >= 100) {
      attemptsSincePrune = 0;
      for (const window of windows) await repo.deleteExpired(at, window.windowMs, `${window.name}:`);
      // Any other counter (keys of an earlier scheme) once the longest window is over.
      await repo.deleteExpired(at, Math.max(...windows.map((w) => w.windowMs)), '');
    }
    return Math.max(0, ...waits);
  }

  return {
    async reserve(email: string, address: string): Promise<Reservation> {
      const account = email.toLowerCase();
      const client = clientKey(address);
      const pairKeys = limits.perAccountAndAddress.map((w): [Window, string] => [w, `${w.name}:${account}|${client}`]);
      const accountKey = `${limits.perAccount.name}:${account}`;
      const addressKey = `${limits.perAddress.name}:${client}`;
      const at = now();
      // A client already held (by its own failures) never uses up the account's shared window: one
      // guesser can't keep the owner out. Its refused attempts do count in its own windows, so a client
      // that keeps trying waits longer and longer.
      let retryAfterSeconds = await count(at, [...pairKeys, [limits.perAddress, addressKey]]);
      if (retryAfterSeconds === 0) {
        retryAfterSeconds = await count(at, [[limits.perAccount, accountKey]]);
        // The account's window is full: the password is not checked, so this client's slots are given back.
        if (retryAfterSeconds > 0) {
          for (const [, key] of pairKeys) await repo.uncount(key);
          await repo.uncount(addressKey);
        }
      }
      return {
        retryAfterSeconds,
        async succeeded() {
          for (const [, key] of pairKeys) await repo.clear(key);
          await repo.uncount(accountKey);
          await repo.uncount(addressKey);
        },
      };
    },

    /** Counts one sign-up attempt from `address`: the seconds to wait, 0 when it may go ahead. */
    async reserveRegistration(address: string): Promise<number> {
      const window = limits.registrations;
      if (window.limit === 0) return 0;
      return count(now(), [[window, `${window.name}:${clientKey(address)}`]]);
    },

    /**
     * Counts one of an account's own actions in its window (`memberAdds`: an add by email, whatever its
     * answer; `webhookTests`: a test event): the seconds to wait, 0 when it may go ahead.
     */
    async reserveForAccount(kind: 'memberAdds' | 'webhookTests', userId: string): Promise<number> {
      const window = limits[kind];
      return count(now(), [[window, `${window.name}:${userId}`]]);
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;

/** A wait in the words of a 429's message: seconds under a minute and a half, else minutes. */
export function formatWait(seconds: number) {
  return seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
}
