import type { JobName } from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Job, JobResult, JobWithMetadata, PgBoss } from 'pg-boss';
import type { PgBossJobsRepository } from '../repositories/pg-boss-jobs.ts';
import {
  handlersByName,
  type JobHandler,
  type JobRunner,
  LOST_WORKER,
  newWorkerId,
  reportFinalFailure,
  runAttempt,
} from './worker.ts';

interface PgBossRunnerOptions {
  boss: PgBoss;
  pgBossJobs: PgBossJobsRepository;
  handlers: JobHandler[];
  /** The job kinds this runner works on. */
  names: readonly JobName[];
  concurrency: number;
  retryLimit: number;
  log: FastifyBaseLogger;
}

/** pg-boss keeps the jobs that failed for good in a dead-letter queue per kind; the runner records the failure. */
export const deadLetterQueue = (name: JobName) => `${name}.failed`;

/**
 * The message of a job's last failure: a handler's (`{message}`), or pg-boss's supervisor's
 * (`{value: {message}}`) when the worker stopped sending heartbeats or the attempt hit pg-boss's 24 h cap.
 */
function finalMessage(output: unknown): string {
  const own = (output as { message?: unknown } | null)?.message;
  if (typeof own === 'string' && own) return own;
  const supervisor = (output as { value?: { message?: unknown } } | null)?.value?.message;
  return supervisor === 'job timed out' ? 'The job ran for longer than 24 hours' : LOST_WORKER;
}

/**
 * The runner of the pg-boss queue. pg-boss claims (SKIP LOCKED), keeps the heartbeat that stands for our
 * lease, and schedules retries with backoff; this runner decides each attempt's outcome the same way
 * the database runner does (runAttempt), hands interrupted jobs back uncounted at stop(), and records
 * final failures from the dead-letter queue, where every job that failed for good ends, including one
 * whose worker died on its last attempt.
 */
export function pgBossRunner(options: PgBossRunnerOptions): JobRunner {
  const { boss, pgBossJobs, concurrency, retryLimit, log } = options;
  const handlers = handlersByName(options.handlers);
  const workerId = newWorkerId();
  const running = new Map<string, { controller: AbortController; done: Promise<unknown> }>();
  let stopped = true;

  async function attempt(name: JobName, job: Job<unknown>): Promise<JobResult[]> {
    const jobLog = log.child({ job: job.id, jobName: name, attempt: job.retryCount + 1 });
    const controller = new AbortController();
    const signal = AbortSignal.any([job.signal, controller.signal]);
    if (stopped) controller.abort(new Error('worker stopping'));
    const done = runAttempt(handlers.get(name), name, job.data, { signal, log: jobLog, stopping: () => stopped });
    running.set(job.id, { controller, done });
    try {
      const outcome = await done;
      if (outcome.kind === 'completed') return [{ id: job.id, status: 'completed' }];
      if (outcome.kind === 'released') {
        // Back to `created` with its start cleared, so the next claim does not count an attempt. The
        // completion pg-boss then tries is fenced to an active attempt and leaves it alone; a job not
        // handed back (a pass of its key already waits) is completed by it.
        await pgBossJobs.release(name, job.id, job.retryCount);
        return [{ id: job.id, status: 'completed' }];
      }
      const { error, permanent } = outcome;
      const output = { message: error.message };
      if (permanent) {
        jobLog.error({ err: error }, 'job failed for good');
        return [{ id: job.id, status: 'deadletter', output }];
      }
      if (job.retryCount < retryLimit) jobLog.warn({ err: error }, 'job failed; will retry');
      else jobLog.error({ err: error }, 'job failed for good');
      return [{ id: job.id, status: 'failed', output }];
    } finally {
      running.delete(job.id);
    }
  }

  async function recordFinalFailure(name: JobName, job: JobWithMetadata<unknown>) {
    const message = finalMessage(job.sourceOutput);
    // A throw fails this dead-letter job, and pg-boss tries it again (its queue has retries of its own).
    await reportFinalFailure(handlers.get(name), job.data, new Error(message));
  }

  return {
    id: workerId,
    async start() {
      if (!stopped) return;
      stopped = false;
      for (const name of options.names) {
        await boss.work(
          name,
          { batchSize: 1, localConcurrency: concurrency, pollingIntervalSeconds: 1, perJobResults: true },
          ([job]: Job<unknown>[]) => attempt(name, job!),
        );
        await boss.work(
          deadLetterQueue(name),
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 2 },
          async ([job]: JobWithMetadata<unknown>[]) => recordFinalFailure(name, job!),
        );
      }
      log.info({ workerId, concurrency, queue: 'pg-boss' }, 'worker started');
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      const names = options.names.flatMap((name) => [name, deadLetterQueue(name)]);
      // Stop fetching first, then interrupt what runs: each interrupted job is released by attempt().
      const off = Promise.all(names.map((name) => boss.offWork(name, { wait: true })));
      for (const { controller } of running.values()) controller.abort(new Error('worker stopping'));
      await Promise.allSettled([...running.values()].map((r) => r.done));
      await off;
    },
    get activeJobs() {
      return running.size;
    },
  };
}
