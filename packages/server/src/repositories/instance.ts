import type { Db } from '../db/database.ts';
import { VISIBLE_MEETING } from './meetings.ts';

/** The instance at a glance, for its admin (decision 221): a few counts over whole tables. */
export function instanceRepository(db: Db) {
  const count = async (query: Promise<{ n: number | string | bigint } | undefined>) => Number((await query)?.n ?? 0);
  return {
    async overview() {
      const [accounts, meetings, storedBytes] = await Promise.all([
        count(
          db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst(),
        ),
        count(
          db
            .selectFrom('meetings')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where(...VISIBLE_MEETING)
            .executeTakeFirst(),
        ),
        count(
          db
            .selectFrom('meetings')
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('audio_size'), eb.lit(0)).as('n'))
            .where('audio_key', 'is not', null)
            .executeTakeFirst(),
        ),
      ]);
      return { accounts, meetings, storedBytes };
    },
  };
}
