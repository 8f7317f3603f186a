import { JOB_NAMES } from '@parley/contract';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobHandler, JobRunner } from '../../src/jobs/worker.ts';
import { newId } from '../../src/lib/ids.ts';
import { transcribeJobKey } from '../../src/services/job-keys.ts';
import { createJobHandlers } from '../../src/worker-runtime.ts';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

// The fair queue (issue 21, finding 4; docs/decisions/107-fair-job-queue.md): one user's long jobs do not
// hold another user's. One runner taking one job at a time makes the order of claims the order of starts.
// pg-boss needs PostgreSQL, so it joins in the PostgreSQL run (as in job-queues.test.ts).
const QUEUES = process.env.TEST_DB === 'postgres' ? (['database', 'pg-boss'] as const) : (['database'] as const);

/** A promise the test resolves: a job that waits on it stands for a long one, still running until then. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe.each(QUEUES)('the %s job queue is fair between users', (kind) => {
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;
  const runners: JobRunner[] = [];
  const gates: Array<ReturnType<typeof gate>> = [];

  beforeAll(async () => {
    server = await startTestServer({ JOB_QUEUE: kind });
    api = apiClient(server.url);
  });
  afterEach(async () => {
    for (const g of gates.splice(0)) g.open();
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  });
  afterAll(() => server?.close());

  /**
   * One runner of transcriptions, one at a time, over `handlers`, its transcription wrapped to note
   * which meeting starts and, for the meeting `held` names, to wait for its gate before running.
   */
  async function runner(handlers: JobHandler[], held: Map<string, Promise<void>>) {
    const started: string[] = [];
    const observed = handlers.map((handler): JobHandler => {
      if (handler.name !== 'transcribe-meeting') return handler;
      const transcribe = handler as JobHandler<'transcribe-meeting'>;
      const wrapped: JobHandler<'transcribe-meeting'> = {
        ...transcribe,
        async run(payload, ctx) {
          started.push(payload.meetingId);
          await held.get(payload.meetingId);
          await transcribe.run(payload, ctx);
        },
      };
      return wrapped as JobHandler;
    });
    const run = server.ctx.queue.createRunner({
      handlers: observed,
      log: pino({ level: 'silent' }),
      names: ['transcribe-meeting'],
      concurrency: 1,
    });
    runners.push(run);
    await run.start();
    return started;
  }

  async function user(name: string) {
    const { token } = await api.register(name);
    const project = (await api.post('/api/projects', { name: `${name} on ${kind}` }, token)).body.data._id as string;
    return { token, project };
  }

  async function upload(who: { token: string; project: string }) {
    const res = await uploadMeeting(server.url, who.token, who.project, { path: jfkWavPath() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data._id as string;
  }

  const startedAre = (started: string[], count: number) =>
    vi.waitFor(
      () => {
        if (started.length < count) throw new Error(`${started.length} of ${count} jobs started`);
      },
      { timeout: 120_000, interval: 50 },
    );

  it("runs another user's upload before the second of a user whose first is still being transcribed", async () => {
    const ann = await user('Ann');
    const bob = await user('Bob');
    const annsFirst = await upload(ann);
    const annsOthers = [await upload(ann), await upload(ann)];
    const first = gate();
    gates.push(first);
    const started = await runner(await createJobHandlers(server.ctx), new Map([[annsFirst, first.opened]]));

    await startedAre(started, 1);
    const bobs = await upload(bob);
    first.open();
    await startedAre(started, 4);

    expect(started).toEqual([annsFirst, bobs, ...annsOthers]);
    for (const [who, id] of [
      [ann, annsFirst],
      [bob, bobs],
      [ann, annsOthers[1]!],
    ] as const)
      await vi.waitFor(
        async () => {
          const m = (await api.get(`/api/projects/${who.project}/meetings/${id}`, who.token)).body.data;
          expect(m.transcriptionStatus, String(m.transcriptionError)).toBe('completed');
        },
        { timeout: 120_000, interval: 100 },
      );
  });

  it("does not push back a user's backlog already under way behind a newcomer's jobs", async () => {
    // The queue alone: handlers that only note the order (a stand-in for the work, not for the queue).
    const noop = JOB_NAMES.map((name): JobHandler => ({ name, run: async () => {} }));
    const enqueue = (userId: string) => {
      const meetingId = newId();
      return server.ctx.db
        .transaction()
        .execute((trx) =>
          server.ctx.queue.enqueue(
            trx,
            'transcribe-meeting',
            { meetingId },
            { userId, idempotencyKey: transcribeJobKey(meetingId) },
          ),
        )
        .then(() => meetingId);
    };
    const ann = (await user('Ann')).token;
    const annId = (await api.get('/api/users/me', ann)).body.data._id as string;
    const bobId = (await api.get('/api/users/me', (await user('Bob')).token)).body.data._id as string;
    const anns: string[] = [];
    for (let i = 0; i < 4; i++) anns.push(await enqueue(annId));
    const third = gate();
    gates.push(third);
    const started = await runner(noop, new Map([[anns[2]!, third.opened]]));

    await startedAre(started, 3);
    const bobs: string[] = [];
    for (let i = 0; i < 3; i++) bobs.push(await enqueue(bobId));
    third.open();
    await startedAre(started, 7);

    // Ann's first three ran alone; Bob's first joins the round under way, so Ann's fourth is not
    // pushed behind all of Bob's, and each goes in turn.
    expect(started).toEqual([...anns.slice(0, 3), bobs[0], anns[3], bobs[1], bobs[2]]);
  });
});
