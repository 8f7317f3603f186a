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

    async release(name: string, id: string, retryCount: number): Promise<boolean> {
      const result = await sql`
        update pgboss.job
        set state = 'created', started_on = null, heartbeat_on = null
        where name = ${name} and id = ${id}::uuid and state = 'active' and retry_count = ${retryCount}
      `.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },
  };
}

export type PgBossJobsRepository = ReturnType<typeof pgBossJobsRepository>;
