import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { jobsRepository } from '../repositories/jobs.ts';
import { databaseQueue } from './database-queue.ts';
import type { JobQueue } from './queue.ts';

/** The queue JOB_QUEUE names: the application database (default) or pg-boss (PostgreSQL only, checked in config). */
export async function createJobQueue(
  config: Config,
  deps: { db: Db; jobs: ReturnType<typeof jobsRepository>; log: FastifyBaseLogger },
): Promise<JobQueue> {
  const { queue, ...options } = config.worker;
  if (queue === 'pg-boss') {
    if (config.database.kind !== 'postgres') throw new Error('JOB_QUEUE=pg-boss needs PostgreSQL');
    // Loaded only when chosen, so the embedded mode never pulls pg-boss in.
    const { pgBossQueue } = await import('./pg-boss-queue.ts');
    return pgBossQueue({ url: config.database.url, db: deps.db, log: deps.log, ...options });
  }
  return databaseQueue(deps.jobs, options);
}
