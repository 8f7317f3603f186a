import { type Selectable, sql } from 'kysely';
import type { Db, DbKind } from '../db/database.ts';
import type { JobsTable } from '../db/schema.ts';
import { newId, nowIso } from '../lib/ids.ts';

export type JobRow = Selectable<JobsTable>;

export function jobsRepository(db: Db, kind: DbKind) {
  return {
    /**
     * What a new job's turn is computed from (jobs/queue.ts turnOfNewJob): the lowest turn among the waiting
     * or running jobs of this kind, and the highest among this user's. Read in the enqueuing transaction.
     */
    async turnBasis(trx: Db, name: string, userId: string | null) {
      const row = await trx
        .selectFrom('jobs')
        .select((eb) => eb.fn.min<number | null>('turn').as('round'))
        .$if(userId !== null, (qb) =>
          qb.select((eb) => eb.fn.max<number | null>('turn').filterWhere('user_id', '=', userId!).as('usersLast')),
        )
        .where('name', '=', name)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      const number = (n: number | string | null | undefined) => (n === null || n === undefined ? null : Number(n));
      return { round: number(row.round), usersLast: number(row.usersLast) };
    },

    /**
     * Insert unless a job with the same idempotency key exists; call inside the caller's transaction.
     * With `catchUp`, a job of that key that is running is marked to run once more instead.
     */
    async insert(
      trx: Db,
      job: {
        name: string;
        payload: unknown;
        userId: string | null;
        idempotencyKey: string;
        maxAttempts: number;
        turn: number;
        catchUp: boolean;
      },
    ) {
      const now = nowIso();
      await trx
        .insertInto('jobs')
        .values({
          id: newId(),
          user_id: job.userId,
          name: job.name,
          payload: JSON.stringify(job.payload),
          idempotency_key: job.idempotencyKey,
          status: 'queued',
          attempts: 0,
          max_attempts: job.maxAttempts,
          turn: job.turn,
          run_at: now,
          locked_by: null,
          locked_until: null,
          last_error: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          job.catchUp
            ? oc.column('idempotency_key').doUpdateSet({ run_again: 1 }).where('jobs.status', '=', 'running')
            : oc.column('idempotency_key').doNothing(),
        )
        .execute();
    },

    /**
     * Atomically takes the next runnable job: a queued one that is due, or a running one whose lease
     * ran out (its worker died); the lowest turn first (decision 107), then the one due longest.
     * PostgreSQL skips rows other workers hold; SQLite has a single writer.
     */
    async claim(workerId: string, leaseSeconds: number, names?: readonly string[]): Promise<JobRow | undefined> {
      const now = nowIso();
      const leaseUntil = new Date(Date.now() + leaseSeconds * 1000).toISOString();
      let next = db
        .selectFrom('jobs')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
          ]),
        )
        .orderBy('turn')
        .orderBy('run_at')
        .limit(1);
      if (names) next = next.where('name', 'in', [...names]);
      if (kind === 'postgres') next = next.forUpdate().skipLocked();
      return db
        .updateTable('jobs')
        .set({
          status: 'running',
          attempts: sql`attempts + 1`,
          locked_by: workerId,
          locked_until: leaseUntil,
          updated_at: now,
        })
        .where('id', '=', (eb) => eb.selectFrom(next.as('next')).select('next.id'))
        .returningAll()
        .executeTakeFirst();
    },

    async extendLease(id: string, workerId: string, leaseSeconds: number): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ locked_until: new Date(Date.now() + leaseSeconds * 1000).toISOString(), updated_at: nowIso() })
        .where('id', '=', id)
        .where('locked_by', '=', workerId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Ends a run; a job asked for again while it ran (`run_again`) goes back to the queue, attempts reset. */
    async finish(id: string, workerId: string, outcome: { status: 'completed' | 'failed'; error?: string }) {
      const now = nowIso();
      await db
        .updateTable('jobs')
        .set({
          status: sql`case when run_again = 1 then 'queued' else ${outcome.status} end`,
          attempts: sql`case when run_again = 1 then 0 else attempts end`,
          run_at: sql`case when run_again = 1 then ${now} else run_at end`,
          run_again: 0,
          last_error: outcome.error ?? null,
          locked_by: null,
          locked_until: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('locked_by', '=', workerId)
        .execute();
    },

    async retryLater(id: string, workerId: string, runAt: Date, error: string) {
      await db
        .updateTable('jobs')
        .set({
          status: 'queued',
          run_at: runAt.toISOString(),
          run_again: 0,
          last_error: error,
          locked_by: null,
          locked_until: null,
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .where('locked_by', '=', workerId)
        .execute();
    },

    /**
     * Ends this worker's hold on a job without counting the attempt the claim counted: `queued` on
     * graceful shutdown (another worker takes it at once), `failed` for a job claimed only to be failed
     * (its last attempt's worker died).
     */
    async uncountedRelease(
      id: string,
      workerId: string,
      outcome: { status: 'queued' } | { status: 'failed'; error: string },
    ) {
      await db
        .updateTable('jobs')
        .set({
          status: outcome.status,
          attempts: sql`attempts - 1`,
          // Handed back queued, the job runs again anyway: that run is the one asked for while it ran.
          run_again: 0,
          ...(outcome.status === 'failed' ? { last_error: outcome.error } : {}),
          locked_by: null,
          locked_until: null,
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .where('locked_by', '=', workerId)
        .execute();
    },

    findByKey: (key: string) => db.selectFrom('jobs').selectAll().where('idempotency_key', '=', key).executeTakeFirst(),

    findByKeys: (keys: string[]) =>
      db.selectFrom('jobs').selectAll().where('idempotency_key', 'in', keys).orderBy('created_at').execute(),

    /** Jobs waiting or running, for the health check. */
    async countFailed(): Promise<number> {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'failed')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async countPending(): Promise<number> {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A completed or failed job's key, freed so the same work can be enqueued again. */
    async deleteFinishedByKey(trx: Db, key: string) {
      await trx
        .deleteFrom('jobs')
        .where('idempotency_key', '=', key)
        .where('status', 'in', ['completed', 'failed'])
        .execute();
    },

    async deleteByKey(trx: Db, key: string) {
      await trx.deleteFrom('jobs').where('idempotency_key', '=', key).execute();
    },
  };
}
