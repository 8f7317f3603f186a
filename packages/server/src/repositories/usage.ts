import type { Db } from '../db/database.ts';
import { newId, nowIso } from '../lib/ids.ts';

export interface UsageMonth {
  year: number;
  month: number;
}

export function currentUsageMonth(now = new Date()): UsageMonth {
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
}

// A ledger, not a sum over meetings: deleting a meeting does not give its minutes back.
export function usageRepository(db: Db) {
  return {
    async secondsInMonth(userId: string, { year, month }: UsageMonth): Promise<number> {
      const row = await db
        .selectFrom('usage_events')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('seconds'), eb.lit(0)).as('total'))
        .where('user_id', '=', userId)
        .where('year', '=', year)
        .where('month', '=', month)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    async record(trx: Db, input: { userId: string; meetingId: string | null; seconds: number; at?: Date }) {
      const { year, month } = currentUsageMonth(input.at);
      await trx
        .insertInto('usage_events')
        .values({
          id: newId(),
          user_id: input.userId,
          meeting_id: input.meetingId,
          seconds: Math.round(input.seconds),
          year,
          month,
          created_at: nowIso(),
        })
        .execute();
    },
  };
}
