import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { JOB_NAMES, JOB_PAYLOADS, type JobName, type JobPayload } from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRow, jobsRepository } from '../repositories/jobs.ts';
import { type JobQueue, retryDelayMs } from './queue.ts';

export interface JobContext {
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export interface JobHandler<N extends JobName = JobName> {
  name: N;
  run(payload: JobPayload<N>, ctx: JobContext): Promise<void>;
  /** Called once when the last attempt failed, to record the failure where the user will see it. */
  onFinalFailure?(payload: JobPayload<N>, error: Error): Promise<void>;
}

/** A job that should not be retried (bad input, missing row): fails at once. */
export class PermanentJobError extends Error {}

interface WorkerOptions {
  jobs: ReturnType<typeof jobsRepository>;
  queue: JobQueue;
  handlers: JobHandler[];
  concurrency: number;
  leaseSeconds: number;
  log: FastifyBaseLogger;
  pollIntervalMs?: number;
}

/** The job's payload checked against its schema again, or undefined when it is not valid JSON or not valid. */
function parsePayload(job: JobRow): JobPayload<JobName> | undefined {
  try {
    const result = JOB_PAYLOADS[job.name as JobName]?.safeParse(JSON.parse(job.payload));
    return result?.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

export function createWorker(options: WorkerOptions) {
  const { jobs, queue, concurrency, leaseSeconds, log } = options;
  const handlers = new Map(options.handlers.map((h) => [h.name, h]));
  const missing = JOB_NAMES.filter((name) => !handlers.has(name));
  if (missing.length) throw new Error(`No handler registered for job(s): ${missing.join(', ')}`);

  const workerId = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
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
        const job = await jobs.claim(workerId, leaseSeconds);
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
    const done = execute(job, controller).finally(() => {
      running.delete(job.id);
      wake();
    });
    running.set(job.id, { controller, done });
  }

  async function execute(job: JobRow, controller: AbortController) {
    const jobLog = log.child({ job: job.id, jobName: job.name, attempt: job.attempts });
    const handler = handlers.get(job.name as JobName);
    const payload = parsePayload(job);
    const heartbeat = setInterval(
      async () => {
        const held = await jobs.extendLease(job.id, workerId, leaseSeconds).catch(() => false);
        if (!held) controller.abort(new Error('lost the job lease'));
      },
      Math.max(500, (leaseSeconds * 1000) / 3),
    );
    try {
      if (!handler) throw new PermanentJobError(`No handler for job ${job.name}`);
      if (payload === undefined) throw new PermanentJobError(`Invalid payload for job ${job.name}`);
      jobLog.info('job started');
      await handler.run(payload, { signal: controller.signal, log: jobLog });
      await jobs.finish(job.id, workerId, { status: 'completed' });
      jobLog.info('job completed');
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      if (stopped && controller.signal.aborted) {
        await jobs.release(job.id, workerId);
        jobLog.info('job released for another worker (shutdown)');
        return;
      }
      const permanent = error instanceof PermanentJobError;
      if (!permanent && job.attempts < job.max_attempts) {
        const delay = retryDelayMs(job.attempts);
        jobLog.warn({ err: error, retryInMs: delay }, 'job failed; will retry');
        await jobs.retryLater(job.id, workerId, new Date(Date.now() + delay), error.message);
        return;
      }
      jobLog.error({ err: error }, 'job failed for good');
      await jobs.finish(job.id, workerId, { status: 'failed', error: error.message });
      if (handler?.onFinalFailure && payload !== undefined) {
        await handler.onFinalFailure(payload, error).catch((e) => jobLog.error({ err: e }, 'onFinalFailure failed'));
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  return {
    id: workerId,
    start() {
      if (!stopped) return;
      stopped = false;
      queue.signals.on('enqueued', wake);
      timer = setInterval(wake, options.pollIntervalMs ?? 1000);
      wake();
      log.info({ workerId, concurrency }, 'worker started');
    },
    /** Stops taking jobs, interrupts the running ones and hands them back to the queue. */
    async stop() {
      if (stopped) return;
      stopped = true;
      queue.signals.off('enqueued', wake);
      clearInterval(timer);
      for (const { controller } of running.values()) controller.abort(new Error('worker stopping'));
      await Promise.allSettled([...running.values()].map((r) => r.done));
    },
    get activeJobs() {
      return running.size;
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;
