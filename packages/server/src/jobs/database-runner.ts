import type { EventEmitter } from 'node:events';
import type { JobName } from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRow, jobsRepository } from '../repositories/jobs.ts';
import { retryDelayMs } from './queue.ts';
import {
  handlersByName,
  type JobHandler,
  type JobRunner,
  LOST_WORKER,
  newWorkerId,
  reportFinalFailure,
  runAttempt,
} from './worker.ts';

interface DatabaseRunnerOptions {
  jobs: ReturnType<typeof jobsRepository>;
  /** Emits 'enqueued' when this process enqueued something, so the runner need not wait for the next poll. */
  signals: EventEmitter;
  handlers: JobHandler[];
  /** The job kinds this runner takes; all by default. */
  names?: readonly JobName[];
  concurrency: number;
  leaseSeconds: number;
  retryDelaySeconds: number;
  log: FastifyBaseLogger;
  pollIntervalMs?: number;
}

/** The payload as stored (JSON text), or undefined when it is not JSON; the schema check follows in runAttempt. */
function storedPayload(job: JobRow): unknown {
  try {
    return JSON.parse(job.payload);
  } catch {
    return undefined;
  }
}

/**
 * The runner of the database queue: polls the `jobs` table, claims with a lease it renews while the
 * job runs (a job whose lease ran out, its worker having died, is claimed again), and records retries
 * with backoff, failures and releases in the same table.
 */
export function databaseRunner(options: DatabaseRunnerOptions): JobRunner {
  const { jobs, signals, concurrency, leaseSeconds, log } = options;
  const handlers = handlersByName(options.handlers);

  const workerId = newWorkerId();
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let polling = false;

  const wake = () => void poll();

  async function poll(): Promise<void> {
    if (stopped || polling) return;
    polling = true;
    try {
      while (!stopped && running.size < concurrency) {
        const job = await jobs.claim(workerId, leaseSeconds, options.names);
        if (!job) break;
        start(job);
      }
    } catch (error) {
      log.error({ err: error }, 'job poll failed');
    } finally {
      polling = false;
    }
  }

  function start(job: JobRow) {
    const controller = new AbortController();
    const done = execute(job, controller)
      .catch((error) => log.error({ err: error, job: job.id }, 'job outcome not recorded; its lease will run out'))
      .finally(() => {
        running.delete(job.id);
        wake();
      });
    running.set(job.id, { controller, done });
  }

  async function execute(job: JobRow, controller: AbortController) {
    const jobLog = log.child({ job: job.id, jobName: job.name, attempt: job.attempts });
    const handler = handlers.get(job.name as JobHandler['name']);
    const payload = storedPayload(job);
    const heartbeat = setInterval(
      async () => {
        const held = await jobs.extendLease(job.id, workerId, leaseSeconds).catch(() => false);
        if (!held) controller.abort(new Error('lost the job lease'));
      },
      Math.max(500, (leaseSeconds * 1000) / 3),
    );
    try {
      if (job.attempts > job.max_attempts) {
        // Claimed again after the lease of its last attempt ran out: a job that keeps killing its
        // worker is not tried forever. The claim counted an attempt that never starts; undo that.
        jobLog.error('job failed for good: its worker stopped responding on the last attempt');
        await reportFinalFailure(handler, payload, new Error(LOST_WORKER)).catch((e) =>
          jobLog.error({ err: e }, 'onFinalFailure failed'),
        );
        return await jobs.uncountedRelease(job.id, workerId, { status: 'failed', error: LOST_WORKER });
      }
      const outcome = await runAttempt(handler, job.name, payload, {
        signal: controller.signal,
        log: jobLog,
        stopping: () => stopped,
      });
      if (outcome.kind === 'completed') return await jobs.finish(job.id, workerId, { status: 'completed' });
      if (outcome.kind === 'released') return await jobs.uncountedRelease(job.id, workerId, { status: 'queued' });
      const { error, permanent } = outcome;
      if (!permanent && job.attempts < job.max_attempts) {
        const delay = retryDelayMs(job.attempts, options.retryDelaySeconds);
        jobLog.warn({ err: error, retryInMs: delay }, 'job failed; will retry');
        return await jobs.retryLater(job.id, workerId, new Date(Date.now() + delay), error.message);
      }
      jobLog.error({ err: error }, 'job failed for good');
      // The meeting shows the failure before the job row says failed, so whoever sees a failed job
      // (a reader, the overview, a test) finds the meeting already marked failed with its message.
      await reportFinalFailure(handler, payload, error).catch((e) => jobLog.error({ err: e }, 'onFinalFailure failed'));
      await jobs.finish(job.id, workerId, { status: 'failed', error: error.message });
    } finally {
      clearInterval(heartbeat);
    }
  }

  return {
    id: workerId,
    async start() {
      if (!stopped) return;
      stopped = false;
      signals.on('enqueued', wake);
      timer = setInterval(wake, options.pollIntervalMs ?? 1000);
      wake();
      log.info({ workerId, concurrency, queue: 'database', jobs: options.names ?? 'all' }, 'worker started');
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      signals.off('enqueued', wake);
      clearInterval(timer);
      for (const { controller } of running.values()) controller.abort(new Error('worker stopping'));
      await Promise.allSettled([...running.values()].map((r) => r.done));
    },
    get activeJobs() {
      return running.size;
    },
  };
}
