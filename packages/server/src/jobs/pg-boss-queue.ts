import { JOB_NAMES, type JobName } from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import { fromKysely, type JobWithMetadata, PgBoss } from 'pg-boss';
import type { Db } from '../db/database.ts';
import { pgBossJobsRepository } from '../repositories/pg-boss-jobs.ts';
import { deadLetterQueue, pgBossRunner } from './pg-boss-runner.ts';
import {
  CATCH_UP_JOBS,
  type JobQueue,
  type JobState,
  meetingJobKey,
  RETRY_DELAY_MAX_SECONDS,
  turnOfNewJob,
} from './queue.ts';

interface PgBossQueueOptions {
  url: string;
  db: Db;
  log: FastifyBaseLogger;
  maxAttempts: number;
  concurrency: number;
  leaseSeconds: number;
  retryDelaySeconds: number;
}

/** pg-boss's shortest heartbeat; JOB_LEASE_SECONDS below it is rounded up (decision 090). */
const MIN_HEARTBEAT_SECONDS = 10;
/** The longest a single attempt may run (pg-boss's own ceiling); heartbeats, not this, find dead workers. */
const MAX_ATTEMPT_SECONDS = 24 * 60 * 60;

const STATES: Record<JobWithMetadata['state'], JobState> = {
  created: 'waiting',
  retry: 'waiting',
  active: 'running',
  completed: 'completed',
  cancelled: 'cancelled',
  failed: 'failed',
};

/**
 * The scaled-out queue (`JOB_QUEUE=pg-boss`): pg-boss on the application's PostgreSQL, in its own
 * `pgboss` schema. Jobs are sent on the caller's Kysely transaction, so they commit or roll back with it.
 */
export async function pgBossQueue(options: PgBossQueueOptions): Promise<JobQueue> {
  const { log } = options;
  const heartbeatSeconds = Math.max(MIN_HEARTBEAT_SECONDS, options.leaseSeconds);
  // The supervisor fails jobs whose heartbeat stopped; it looks twice per heartbeat so a dead worker's
  // job is free again within about 1.5 leases.
  const superviseSeconds = Math.max(1, Math.min(60, Math.floor(heartbeatSeconds / 2)));
  const boss = new PgBoss({
    connectionString: options.url,
    application_name: 'parley-jobs',
    max: 4,
    schedule: false,
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
  });
  boss.on('error', (err) => log.error({ err }, 'pg-boss error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'pg-boss warning'));
  await boss.start();

  // Each job carries the policy of the process that enqueued it, as rows of the database queue do, so
  // a process started with other settings changes new jobs only.
  const policy = {
    retryLimit: options.maxAttempts - 1,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: RETRY_DELAY_MAX_SECONDS,
    heartbeatSeconds,
    expireInSeconds: MAX_ATTEMPT_SECONDS,
  };
  for (const name of JOB_NAMES) {
    const deadLetter = deadLetterQueue(name);
    await boss.createQueue(deadLetter, { retryLimit: 5, retryDelay: 5, retryBackoff: true });
    // `exclusive`: at most one job per singleton key (our idempotency key) waits or runs, so two
    // enqueues for one meeting never run at once. `stately` for catch-up jobs: one may also wait behind
    // the running one, and is fetched only once that one has ended.
    const queuePolicy = CATCH_UP_JOBS.includes(name) ? 'stately' : 'exclusive';
    const existing = await boss.getQueue(name);
    if (existing && existing.policy !== queuePolicy) {
      // pg-boss can't change a queue's policy. Only catch-up queues changed policy, and their jobs are
      // disposable (the next chunk asks again), so the queue is made again.
      log.warn({ queue: name, from: existing.policy, to: queuePolicy }, 'recreating a job queue with a new policy');
      await boss.deleteQueue(name);
    }
    await boss.createQueue(name, { policy: queuePolicy, ...policy, deadLetter });
  }

  const pgBossJobs = pgBossJobsRepository(options.db);
  return {
    kind: 'pg-boss',

    async enqueue(trx, name, payload, opts) {
      // pg-boss takes the highest priority first, so the turn goes in negated; the user is the group.
      const { round, usersLast } = await pgBossJobs.turnBasis(trx, name, opts.userId);
      await boss.send(name, payload, {
        ...policy,
        db: fromKysely(trx),
        singletonKey: opts.idempotencyKey,
        priority: -turnOfNewJob(round, usersLast),
        ...(opts.userId ? { group: { id: opts.userId } } : {}),
      });
    },

    async cancelForMeeting(trx, meetingId) {
      const db = fromKysely(trx);
      for (const name of JOB_NAMES) {
        const jobs = await boss.findJobs(name, { key: meetingJobKey(name, meetingId), db });
        const live = jobs.filter((job) => STATES[job.state] === 'waiting' || STATES[job.state] === 'running');
        if (live.length > 0)
          await boss.cancel(
            name,
            live.map((job) => job.id),
            { db },
          );
      }
    },

    async jobsOfMeeting(meetingId) {
      const found = await Promise.all(
        JOB_NAMES.map((name) => boss.findJobs(name, { key: meetingJobKey(name, meetingId) })),
      );
      return found.flat().map((job) => ({
        name: job.name as JobName,
        state: STATES[job.state],
        // retryCount goes up when a job is claimed again after an attempt started, so an attempt is
        // counted from its start; a released job's start is cleared and not counted.
        attempts: job.startedOn ? job.retryCount + 1 : job.retryCount,
      }));
    },

    async check() {
      const queues = await boss.getQueues([...JOB_NAMES]);
      return { pending: queues.reduce((sum, q) => sum + q.queuedCount + q.activeCount, 0) };
    },

    // Its dead-letter queues' copies are not counted: they are the runner's record of the same failures.
    countFailed: () => pgBossJobs.countFailed(JOB_NAMES),

    createRunner: ({ handlers, log: runnerLog, names, concurrency }) =>
      pgBossRunner({
        boss,
        pgBossJobs,
        handlers,
        log: runnerLog,
        names: names ?? JOB_NAMES,
        concurrency: concurrency ?? options.concurrency,
        retryLimit: options.maxAttempts - 1,
      }),

    async close() {
      await boss.stop({ graceful: true, close: true, timeout: 10_000 });
    },
  };
}
