import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The one statement pg-boss's public API lacks: handing a running job back at shutdown without
 * counting the attempt. It is pg-boss's own restore (state `created`, start and heartbeat cleared, so
 * the next claim does not raise retry_count), fenced to the attempt this worker holds.
 */
export function pgBossJobsRepository(db: Db) {
  return {
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
