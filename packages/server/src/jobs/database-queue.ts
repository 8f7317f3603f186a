import { EventEmitter } from 'node:events';
import { JOB_NAMES } from '@parley/contract';
import type { jobsRepository } from '../repositories/jobs.ts';
import { databaseRunner } from './database-runner.ts';
import { CATCH_UP_JOBS, type JobQueue, meetingJobKey, turnOfNewJob } from './queue.ts';

interface DatabaseQueueOptions {
  maxAttempts: number;
  concurrency: number;
  leaseSeconds: number;
  retryDelaySeconds: number;
}

/**
 * The embedded queue: jobs are rows of the application database (SQLite or PostgreSQL), so enqueuing is
 * an insert in the caller's transaction, and the idempotency key is a unique column.
 */
export function databaseQueue(jobs: ReturnType<typeof jobsRepository>, options: DatabaseQueueOptions): JobQueue {
  // Wakes this process's runner when something was enqueued here; other processes poll.
  const signals = new EventEmitter();
  return {
    kind: 'database',

    async enqueue(trx, name, payload, opts) {
      // A finished job keeps its key: clear it so asking again (regenerating) queues new work.
      await jobs.deleteFinishedByKey(trx, opts.idempotencyKey);
      const { round, usersLast } = await jobs.turnBasis(trx, name, opts.userId);
      await jobs.insert(trx, {
        name,
        payload,
        userId: opts.userId,
        idempotencyKey: opts.idempotencyKey,
        maxAttempts: options.maxAttempts,
        turn: turnOfNewJob(round, usersLast),
        catchUp: CATCH_UP_JOBS.includes(name),
      });
      // A wake-up before the transaction commits only costs one empty poll.
      setImmediate(() => signals.emit('enqueued', name));
    },

    async cancelForMeeting(trx, meetingId) {
      for (const name of JOB_NAMES) await jobs.deleteByKey(trx, meetingJobKey(name, meetingId));
    },

    async jobsOfMeeting(meetingId) {
      const rows = await jobs.findByKeys(JOB_NAMES.map((name) => meetingJobKey(name, meetingId)));
      return rows.map((row) => ({
        name: row.name as (typeof JOB_NAMES)[number],
        state: row.status === 'queued' ? 'waiting' : (row.status as 'running' | 'completed' | 'failed'),
        attempts: row.attempts,
      }));
    },

    check: async () => ({ pending: await jobs.countPending() }),
    countFailed: () => jobs.countFailed(),

    createRunner: ({ handlers, log, names, concurrency }) =>
      databaseRunner({
        jobs,
        signals,
        handlers,
        log,
        names,
        concurrency: concurrency ?? options.concurrency,
        leaseSeconds: options.leaseSeconds,
        retryDelaySeconds: options.retryDelaySeconds,
      }),

    close: async () => {},
  };
}
