import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The statements pg-boss's public API lacks. `release`: handing a running job back at shutdown without
 * counting the attempt. It is pg-boss's own restore (state `created`, start and heartbeat cleared, so
 * the next claim does not raise retry_count), fenced to the attempt this worker holds. `turnBasis`:
 * the fair queue's turns (decision 107), which pg-boss holds as `priority = -turn` and the user as
 * `group_id`.
 */
export function pgBossJobsRepository(db: Db) {
  return {
    /** As jobsRepository's turnBasis: the lowest turn waiting or running in this queue, the user's highest. */
    async turnBasis(trx: Db, name: string, userId: string | null) {
      const { rows } = await sql<{ round: number | null; usersLast: number | null }>`
        select -max(priority) as "round", -min(priority) filter (where group_id = ${userId}) as "usersLast"
        from pgboss.job
        where name = ${name} and state in ('created', 'retry', 'active')
      `.execute(trx);
      const row = rows[0];
      return { round: row?.round ?? null, usersLast: userId === null ? null : (row?.usersLast ?? null) };
    },

    /** Jobs of these kinds that failed for good (pg-boss's `getQueues` counts are the monitor's, minutes old). */
    async countFailed(names: readonly string[]): Promise<number> {
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from pgboss.job where name in (${sql.join(names)}) and state = 'failed'
      `.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    /**
     * False when nothing was handed back: the attempt is no longer this worker's, or (a catch-up job,
     * decision 151) a pass of the same key already waits; that one is the pass asked for, and a second
     * `created` row would break the stately queue's one-per-state rule. The caller then completes it.
     */
    async release(name: string, id: string, retryCount: number): Promise<boolean> {
      const result = await sql`
        update pgboss.job j
        set state = 'created', started_on = null, heartbeat_on = null
        where j.name = ${name} and j.id = ${id}::uuid and j.state = 'active' and j.retry_count = ${retryCount}
          and not exists (
            select 1 from pgboss.job waiting
            where waiting.name = j.name and waiting.singleton_key = j.singleton_key
              and waiting.state in ('created', 'retry') and waiting.id <> j.id
          )
      `.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },
  };
}

export type PgBossJobsRepository = ReturnType<typeof pgBossJobsRepository>;
