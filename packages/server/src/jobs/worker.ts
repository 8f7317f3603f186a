import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { JOB_NAMES, JOB_PAYLOADS, type JobName, type JobPayload } from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';

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

/**
 * Runs the jobs of one queue: claims them, holds their lease, retries with backoff, fails them for good
 * (calling the handler's onFinalFailure) and, on stop(), interrupts the running ones and hands them back
 * uncounted so another worker takes them at once.
 */
export interface JobRunner {
  readonly id: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly activeJobs: number;
}
/** The name the tests and the entry points have always used. */
export type Worker = JobRunner;

/** Names a runner in logs and in the jobs it holds: machine, process, and a random part for several per process. */
export const newWorkerId = () => `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;

/** The failure a meeting shows when every attempt's worker died (killed, out of memory) before finishing. */
export const LOST_WORKER = 'The worker running this job stopped responding';

/** Handlers by job name; start-up fails when a job kind has none, whichever queue runs them. */
export function handlersByName(handlers: JobHandler[]): Map<JobName, JobHandler> {
  const byName = new Map(handlers.map((h) => [h.name, h]));
  const missing = JOB_NAMES.filter((name) => !byName.has(name));
  if (missing.length) throw new Error(`No handler registered for job(s): ${missing.join(', ')}`);
  return byName;
}

/** What one attempt came to, for the runner to record in its queue. */
export type AttemptOutcome =
  | { kind: 'completed' }
  /** Interrupted by a shutdown: give the job back without counting the attempt. */
  | { kind: 'released' }
  | { kind: 'failed'; error: Error; permanent: boolean };

/**
 * One attempt of a job, shared by every runner: the payload is checked against its schema again, the
 * handler runs, and the error (if any) is classified. Never throws.
 */
export async function runAttempt(
  handler: JobHandler | undefined,
  name: string,
  payload: unknown,
  ctx: JobContext & { stopping: () => boolean },
): Promise<AttemptOutcome> {
  try {
    if (!handler) throw new PermanentJobError(`No handler for job ${name}`);
    const parsed = JOB_PAYLOADS[name as JobName]?.safeParse(payload);
    if (!parsed?.success) throw new PermanentJobError(`Invalid payload for job ${name}`);
    ctx.log.info('job started');
    await handler.run(parsed.data as JobPayload<JobName>, { signal: ctx.signal, log: ctx.log });
    ctx.log.info('job completed');
    return { kind: 'completed' };
  } catch (err) {
    if (ctx.stopping() && ctx.signal.aborted) {
      ctx.log.info('job released for another worker (shutdown)');
      return { kind: 'released' };
    }
    const error = err instanceof Error ? err : new Error(String(err));
    return { kind: 'failed', error, permanent: error instanceof PermanentJobError };
  }
}

/** Calls the handler's onFinalFailure, unless the payload is not valid (then there is nobody to tell). */
export async function reportFinalFailure(handler: JobHandler | undefined, payload: unknown, error: Error) {
  if (!handler?.onFinalFailure) return;
  const parsed = JOB_PAYLOADS[handler.name].safeParse(payload);
  if (!parsed.success) return;
  await handler.onFinalFailure(parsed.data as JobPayload<JobName>, error);
}
