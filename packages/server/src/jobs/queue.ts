import type { JobName, JobPayload } from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { backoffMs } from '../lib/backoff.ts';
import type { JobHandler, JobRunner } from './worker.ts';

export interface RunnerOptions {
  handlers: JobHandler[];
  log: FastifyBaseLogger;
  names?: readonly JobName[];
  concurrency?: number;
}

/** Where a job is, the same words for every queue implementation. */
export type JobState = 'waiting' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface JobSummary {
  name: JobName;
  state: JobState;
  /** Attempts started so far, including one in progress. */
  attempts: number;
}

/**
 * The queue seen by services (docs/decisions/090-job-queue-and-runner.md). Two implementations: the
 * application database (`JOB_QUEUE=database`, SQLite or PostgreSQL) and pg-boss (`JOB_QUEUE=pg-boss`,
 * PostgreSQL only). Both enqueue in the caller's transaction, so a rolled-back row leaves no job, and
 * both keep at most one waiting or running job per idempotency key; a catch-up job (CATCH_UP_JOBS) may
 * also have one waiting behind its running one.
 */
export interface JobQueue {
  readonly kind: 'database' | 'pg-boss';
  /**
   * Enqueues in `trx`. While a job with the same key waits or runs this is a no-op; a finished one
   * (completed, failed, cancelled) does not block a new job, so work can be asked for again. A catch-up
   * job asked for while its key's job runs runs once more after it.
   */
  enqueue<N extends JobName>(
    trx: Db,
    name: N,
    payload: JobPayload<N>,
    opts: { userId: string | null; idempotencyKey: string },
  ): Promise<void>;
  /** Cancels every job of a meeting (deleted, or about to be redone), in the caller's transaction. */
  cancelForMeeting(trx: Db, meetingId: string): Promise<void>;
  /** The meeting's jobs, newest state of each, for tests and operators. */
  jobsOfMeeting(meetingId: string): Promise<JobSummary[]>;
  /** Throws when the queue cannot be reached; otherwise how many jobs wait or run (for GET /api/health). */
  check(): Promise<{ pending: number }>;
  /**
   * Jobs that failed for good and are still kept, for the admin's overview: each queue counts its own
   * (the database queue keeps a failed job until its work is asked for again or its meeting goes;
   * pg-boss until its retention deletes it).
   */
  countFailed(): Promise<number>;
  /**
   * A runner for this queue. Throws when a job kind has no handler. `names` limits it to some job kinds
   * and `concurrency` overrides WORKER_CONCURRENCY: a lane of its own for jobs that must not wait behind
   * long ones (the live transcript, decision 150).
   */
  createRunner(opts: RunnerOptions): JobRunner;
  /** Releases connections; runners must be stopped first. */
  close(): Promise<void>;
}

/**
 * A new job's turn (docs/decisions/107-fair-job-queue.md): both queues run lower turns first, then
 * the oldest. `round` is the lowest turn among the waiting or running jobs of this kind (null: none),
 * `usersLast` the highest among this user's (null: none). A user with nothing pending joins the
 * current round, one with jobs pending goes one turn after their last: so each user's next job goes
 * before anybody's job after it, and a user whose backlog is under way is not pushed back by
 * newcomers (their turns start at the round, not at 0). No turn changes after enqueue.
 */
export function turnOfNewJob(round: number | null, usersLast: number | null): number {
  return usersLast === null ? (round ?? 0) : Math.max(round ?? 0, usersLast + 1);
}

/**
 * Jobs that catch up with what has been received (docs/decisions/151-catch-up-jobs.md): the live
 * transcript reads the chunks that have arrived. One enqueued while its key's job runs must not be
 * dropped, since the running job may already have looked; it runs once more when that one ends (one
 * at a time per key: pg-boss's `stately` policy; the database queue's `run_again`).
 */
export const CATCH_UP_JOBS: readonly JobName[] = ['live-transcribe'];

/** Every job belongs to one meeting and is keyed by it: enqueuing twice is a no-op and cancelling finds it. */
export const meetingJobKey = (name: JobName, meetingId: string) => `${name}:${meetingId}`;

/**
 * Exponential backoff between attempts of the database queue: the base (5 s by default), then x4 each
 * time (5 s, 20 s, 80 s ...), capped at 10 minutes. pg-boss computes its own (decision 090).
 */
export function retryDelayMs(attempt: number, baseSeconds = 5): number {
  return backoffMs(attempt, baseSeconds, RETRY_DELAY_MAX_SECONDS * 1000);
}
export const RETRY_DELAY_MAX_SECONDS = 10 * 60;
