import { tooManyRequests } from './errors.ts';

/** What a user may have in flight at once (decision 206). */
export const HEAVY_REQUESTS = { running: 2, waiting: 4, retryAfterSeconds: 5 } as const;

export const TOO_MANY_HEAVY_REQUESTS =
  'Too many searches, exports, imports or questions at once: wait for one to finish, then try again';

/**
 * Bounds each user's heavy requests (exports, searches, imports, questions, summaries): `running` at once,
 * `waiting` more in line in arrival order, and the next refused with a 429 and Retry-After. One user's
 * burst then holds neither the memory nor the CPU of more than `running` requests, whatever its size.
 */
export function heavyRequestLimit(limits: { running: number; waiting: number; retryAfterSeconds: number }) {
  const users = new Map<string, { running: number; line: Array<() => void> }>();

  return {
    /**
     * Waits for the user's turn; resolves with the function that ends it (safe to call twice). `signal`
     * (the client went away) takes a waiting request out of the line.
     */
    async enter(userId: string, signal: AbortSignal): Promise<() => void> {
      signal.throwIfAborted();
      const user = users.get(userId) ?? { running: 0, line: [] };
      users.set(userId, user);
      if (user.running < limits.running) user.running++;
      else if (user.line.length >= limits.waiting) {
        throw tooManyRequests(TOO_MANY_HEAVY_REQUESTS, limits.retryAfterSeconds);
      } else {
        // A turn handed over by leave() keeps `running` as it is: the leaver's place becomes this one's.
        await new Promise<void>((resolve, reject) => {
          const onAbort = () => {
            user.line.splice(user.line.indexOf(turn), 1);
            reject(signal.reason);
          };
          const turn = () => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          };
          user.line.push(turn);
          signal.addEventListener('abort', onAbort, { once: true });
        });
      }
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const next = user.line.shift();
        if (next) return next();
        user.running--;
        if (user.running === 0) users.delete(userId);
      };
    },

    /** The user's requests running and waiting. */
    stats: (userId: string) => ({
      running: users.get(userId)?.running ?? 0,
      waiting: users.get(userId)?.line.length ?? 0,
    }),
  };
}

export type HeavyRequestLimit = ReturnType<typeof heavyRequestLimit>;
