import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Fixed-window counters of sign-in attempts, one row per account or client address. Each attempt is
 * counted by a single atomic upsert, so concurrent requests (and several API processes sharing the
 * database) each see a distinct count: nothing can slip between a read and a write.
 */
export function loginThrottleRepository(db: Db) {
  return {
    /** Counts one attempt and returns the count in the current window and when that window began. */
    async countAttempt(key: string, now: Date, windowMs: number): Promise<{ attempts: number; windowStart: Date }> {
      const nowIso = now.toISOString();
      const expired = new Date(now.getTime() - windowMs).toISOString();
      const windowOver = sql<boolean>`login_throttle.window_start <= ${expired}`;
      const row = await db
        .insertInto('login_throttle')
        .values({ key, attempts: 1, window_start: nowIso })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            attempts: sql<number>`case when ${windowOver} then 1 else login_throttle.attempts + 1 end`,
            window_start: sql<string>`case when ${windowOver} then ${nowIso} else login_throttle.window_start end`,
          }),
        )
        .returning(['attempts', 'window_start'])
        .executeTakeFirstOrThrow();
      return { attempts: Number(row.attempts), windowStart: new Date(row.window_start) };
    },

    /** Gives back one counted attempt (a sign-in that succeeded), never below zero. */
    async uncount(key: string): Promise<void> {
      await db
        .updateTable('login_throttle')
        .set({ attempts: sql<number>`attempts - 1` })
        .where('key', '=', key)
        .where('attempts', '>', 0)
        .execute();
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('login_throttle').where('key', '=', key).execute();
    },

    /** Deletes the counters whose key starts with `prefix` (plain text: no % nor _) and whose window of `windowMs` is over. */
    async deleteExpired(now: Date, windowMs: number, prefix: string): Promise<void> {
      const expired = new Date(now.getTime() - windowMs).toISOString();
      await db
        .deleteFrom('login_throttle')
        .where('key', 'like', `${prefix}%`)
        .where('window_start', '<=', expired)
        .execute();
    },
  };
}

export type LoginThrottleRepository = ReturnType<typeof loginThrottleRepository>;
