import { EventEmitter } from 'node:events';
import type { JobName, JobPayload } from '@parley/contract';
import type { Db } from '../db/database.ts';
import type { jobsRepository } from '../repositories/jobs.ts';

/**
 * The queue seen by services. The embedded implementation stores jobs in the application database,
 * so a job is enqueued in the same transaction as the row it belongs to; a scaled-out deployment can
 * put an existing engine (pg-boss) behind the same interface.
 */
export interface JobQueue {
  enqueue<N extends JobName>(
    trx: Db,
    name: N,
    payload: JobPayload<N>,
    opts: { userId: string | null; idempotencyKey: string },
  ): Promise<void>;
  /** Tells in-process workers that something was enqueued, so they need not wait for the next poll. */
  readonly signals: EventEmitter;
}

export function databaseQueue(jobs: ReturnType<typeof jobsRepository>, maxAttempts: number): JobQueue {
  const signals = new EventEmitter();
  return {
    signals,
    async enqueue(trx, name, payload, opts) {
      await jobs.insert(trx, { name, payload, userId: opts.userId, idempotencyKey: opts.idempotencyKey, maxAttempts });
      // Listeners poll the table; a wake-up before the transaction commits only costs one empty poll.
      setImmediate(() => signals.emit('enqueued', name));
    },
  };
}

/** Exponential backoff between attempts, defined once: 5 s, 20 s, 80 s ... capped at 10 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(10 * 60 * 1000, 5000 * 4 ** Math.max(0, attempt - 1));
}
