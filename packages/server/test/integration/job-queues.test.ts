import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { JOB_NAMES } from '@parley/contract';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { wordErrorRate } from '../../../../bench/scoring/wer.ts';
import type { JobHandler, JobRunner } from '../../src/jobs/worker.ts';
import { newId } from '../../src/lib/ids.ts';
import { liveJobKey, transcribeJobKey } from '../../src/services/job-keys.ts';
import { createJobHandlers, startWorker } from '../../src/worker-runtime.ts';
import { fixtureFfmpeg, fixtureTempDir, JFK_TEXT, jfkWavPath } from '../fixtures/audio.ts';
import { apiClient } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { TRANSCRIPTION_TEST_MS, TRANSCRIPTION_WAIT_MS } from '../helpers/transcription.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

// One behaviour suite over both queue implementations, with the real handlers and the real pipeline.
// pg-boss needs PostgreSQL, so it joins in the PostgreSQL run of the integration tests (scripts/test.sh
// runs both); the database queue runs in both.
const QUEUES = process.env.TEST_DB === 'postgres' ? (['database', 'pg-boss'] as const) : (['database'] as const);
const serverRoot = resolve(import.meta.dirname, '../..');
const scratch = fixtureTempDir('parley-queues-');
const LEASE_SECONDS = '3';
const MAX_ATTEMPTS = '2';

// Most tests wait for real transcriptions: their timeout is above that wait (a test's default is 60 s).
describe.each(QUEUES)('the %s job queue', { timeout: TRANSCRIPTION_TEST_MS }, (kind) => {
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;
  let token: string;
  let projectId: string;
  const runners: JobRunner[] = [];
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      JOB_QUEUE: kind,
      JOB_MAX_ATTEMPTS: MAX_ATTEMPTS,
      JOB_RETRY_DELAY_SECONDS: '1',
      JOB_LEASE_SECONDS: LEASE_SECONDS,
    });
    api = apiClient(server.url);
    ({ token, projectId } = await api.registerWithProject(`Jobs on ${kind}`));
  });
  // Each test starts from no workers: one left running would take the next test's jobs.
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    const alive = children.splice(0).filter((child) => child.exitCode === null && child.signalCode === null);
    for (const child of alive) child.kill('SIGKILL');
    await Promise.all(alive.map((child) => once(child, 'exit')));
  });
  // Every worker process is gone (afterEach) before the database is dropped (test/helpers/database.ts).
  afterAll(() => server?.close());

  async function worker() {
    const runner = await startWorker(server.ctx);
    runners.push(runner);
    return runner;
  }

  function workerProcess() {
    const { config } = server.ctx;
    const child = spawn(process.execPath, [join(serverRoot, 'src/worker.ts')], {
      env: {
        ...process.env,
        DATA_DIR: config.dataDir,
        DATABASE_URL: config.database.kind === 'postgres' ? config.database.url : `sqlite:${config.database.file}`,
        JOB_QUEUE: kind,
        JOB_MAX_ATTEMPTS: MAX_ATTEMPTS,
        JOB_LEASE_SECONDS: LEASE_SECONDS,
        JOB_RETRY_DELAY_SECONDS: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(child);
    return child;
  }

  // A runner must have a handler for every kind; this one only claims the live lane's.
  async function liveLane(handler: JobHandler<'live-transcribe'>, concurrency: number) {
    const others = JOB_NAMES.filter((name) => name !== 'live-transcribe').map((name) => ({
      name,
      run: async () => {
        throw new Error(`${name} is not in this lane`);
      },
    }));
    const runner = server.ctx.queue.createRunner({
      handlers: [handler, ...others],
      log: pino({ level: 'silent' }),
      names: ['live-transcribe'],
      concurrency,
    });
    runners.push(runner);
    await runner.start();
    return runner;
  }

  const askLive = (meetingId: string) =>
    server.ctx.db
      .transaction()
      .execute((trx) =>
        server.ctx.queue.enqueue(
          trx,
          'live-transcribe',
          { meetingId },
          { userId: null, idempotencyKey: liveJobKey(meetingId) },
        ),
      );

  /** Every job of the meeting completed (and at least one ran). */
  const liveJobsCompleted = (meetingId: string) =>
    vi.waitFor(
      async () => {
        const jobs = await server.ctx.queue.jobsOfMeeting(meetingId);
        expect(jobs.length).toBeGreaterThan(0);
        expect(jobs.map((job) => job.state)).toEqual(jobs.map(() => 'completed'));
      },
      { timeout: 30_000, interval: 50 },
    );

  async function upload(path = jfkWavPath()) {
    const res = await uploadMeeting(server.url, token, projectId, { path });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data._id as string;
  }

  const meeting = async (id: string) => (await api.get(`/api/projects/${projectId}/meetings/${id}`, token)).body.data;

  /**
   * Waits for a meeting's jobs to be `expected`: a job is marked done just after the meeting it wrote
   * (its handler's last transaction comes first), so the meeting's status alone does not say it.
   */
  async function jobsBecome(id: string, expected: Array<{ name: string; state: string; attempts: number }>) {
    await vi.waitFor(async () => expect(await server.ctx.queue.jobsOfMeeting(id)).toEqual(expected), {
      timeout: 30_000,
      interval: 20,
    });
  }

  async function meetingWhen(
    id: string,
    done: (m: Record<string, unknown>) => boolean,
    timeout = TRANSCRIPTION_WAIT_MS,
  ) {
    return vi.waitFor(
      async () => {
        const m = await meeting(id);
        if (!done(m)) throw new Error(`meeting is ${m.transcriptionStatus} at ${m.transcriptionProgress}%`);
        return m;
      },
      { timeout, interval: 50 },
    );
  }
  const finished = (m: Record<string, unknown>) =>
    m.transcriptionStatus === 'completed' || m.transcriptionStatus === 'failed';

  async function segments(id: string) {
    const res = await api.get(`/api/meetings/${id}/transcriptions?page=1&limit=200`, token);
    return res.body.data.transcriptions as Array<{ text: string; startTime: number; endTime: number }>;
  }

  async function longRecording(copies: number) {
    const path = join(scratch, `jfk-x${copies}.wav`);
    execFileSync(fixtureFfmpeg(), [
      '-y',
      '-loglevel',
      'error',
      '-stream_loop',
      String(copies - 1),
      '-i',
      jfkWavPath(),
      path,
    ]);
    return path;
  }

  it('fails at start-up when a job kind has no handler', () => {
    const onlyTranscription = { name: 'transcribe-meeting' as const, run: async () => {} };
    expect(() =>
      server.ctx.queue.createRunner({ handlers: [onlyTranscription], log: pino({ level: 'silent' }) }),
    ).toThrow('No handler registered for job(s): generate-action-items');
  });

  it('runs a transcription job to completion through the real pipeline', async () => {
    const id = await upload();
    await worker();
    const done = await meetingWhen(id, finished);
    expect(done.transcriptionStatus, String(done.transcriptionError)).toBe('completed');
    expect((await segments(id)).map((s) => s.text).join(' ')).toMatch(/ask not what your country can do for you/i);
    await jobsBecome(id, [{ name: 'transcribe-meeting', state: 'completed', attempts: 1 }]);
  });

  it('runs action items as a job, and again when they are asked for again', async () => {
    const id = await upload();
    await worker();
    expect((await meetingWhen(id, finished)).transcriptionStatus).toBe('completed');
    const generate = () =>
      api.post(`/api/projects/${projectId}/meetings/${id}/action-items/generate`, undefined, token);
    for (let round = 1; round <= 2; round++) {
      expect((await generate()).status).toBe(202);
      const done = await meetingWhen(id, (m) => m.actionItemsStatus !== 'processing', 60_000);
      expect(done).toMatchObject({ actionItemsStatus: 'completed', actionItemsProgress: 100 });
    }
    // The job is marked done just after the meeting it wrote.
    await vi.waitFor(
      async () => {
        const jobs = await server.ctx.queue.jobsOfMeeting(id);
        expect(jobs.filter((job) => job.name === 'generate-action-items').map((job) => job.state)).toContain(
          'completed',
        );
        expect(jobs.filter((job) => job.state === 'waiting' || job.state === 'running')).toEqual([]);
      },
      { timeout: 30_000, interval: 20 },
    );
  });

  it("cancels a meeting's jobs when the meeting or its project is deleted", async () => {
    const live = async (id: string) =>
      (await server.ctx.queue.jobsOfMeeting(id)).filter((job) => job.state === 'waiting' || job.state === 'running');
    const id = await upload();
    expect(await live(id)).toHaveLength(1);
    expect((await api.delete(`/api/projects/${projectId}/meetings/${id}`, token)).status).toBe(204);
    expect(await live(id)).toEqual([]);

    const doomed = (await api.post('/api/projects', { name: `Doomed on ${kind}` }, token)).body.data._id;
    const res = await uploadMeeting(server.url, token, doomed, { path: jfkWavPath() });
    const inDoomed = res.body.data._id as string;
    expect(await live(inDoomed)).toHaveLength(1);
    expect((await api.delete(`/api/projects/${doomed}`, token)).status).toBe(204);
    expect(await live(inDoomed)).toEqual([]);
  });

  it('leaves no job behind when the enqueuing transaction rolls back', async () => {
    const meetingId = newId();
    const enqueue = (trx: typeof server.ctx.db) =>
      server.ctx.queue.enqueue(
        trx,
        'transcribe-meeting',
        { meetingId },
        { userId: null, idempotencyKey: transcribeJobKey(meetingId) },
      );
    await expect(
      server.ctx.db.transaction().execute(async (trx) => {
        await enqueue(trx);
        throw new Error('the insert beside it failed');
      }),
    ).rejects.toThrow('the insert beside it failed');
    expect(await server.ctx.queue.jobsOfMeeting(meetingId)).toEqual([]);

    await server.ctx.db.transaction().execute(enqueue);
    expect(await server.ctx.queue.jobsOfMeeting(meetingId)).toEqual([
      { name: 'transcribe-meeting', state: 'waiting', attempts: 0 },
    ]);
    await server.ctx.db.transaction().execute((trx) => server.ctx.queue.cancelForMeeting(trx, meetingId));
    const after = await server.ctx.queue.jobsOfMeeting(meetingId);
    expect(after.filter((job) => job.state === 'waiting' || job.state === 'running')).toEqual([]);
  });

  it('retries a failing job, then marks the meeting failed with its message', async () => {
    // The admin's overview counts it (the account is the instance's first, so its admin).
    const failedJobs = async () => (await api.get('/api/admin/overview', token)).body.data.jobsFailed as number;
    const failedBefore = await failedJobs();
    const id = await upload();
    const row = await server.ctx.repos.meetings.findById(id);
    writeFileSync(join(server.ctx.config.dataDir, row!.audio_key!), 'this is not audio any more');
    await worker();
    const failed = await meetingWhen(id, finished, 60_000);
    expect(failed.transcriptionStatus).toBe('failed');
    expect(failed.transcriptionError).toMatch(/audio|decode|invalid/i);
    // The meeting says failed before the job row does (the queue reports the failure first).
    await jobsBecome(id, [{ name: 'transcribe-meeting', state: 'failed', attempts: 2 }]);
    expect(await failedJobs()).toBe(failedBefore + 1);
  });

  it('runs two enqueues for one meeting as one job', async () => {
    const id = await upload(await longRecording(3));
    await worker();
    await meetingWhen(id, (m) => m.transcriptionStatus === 'processing');
    await server.ctx.db
      .transaction()
      .execute((trx) =>
        server.ctx.queue.enqueue(
          trx,
          'transcribe-meeting',
          { meetingId: id },
          { userId: null, idempotencyKey: transcribeJobKey(id) },
        ),
      );
    expect(await server.ctx.queue.jobsOfMeeting(id)).toEqual([
      { name: 'transcribe-meeting', state: 'running', attempts: 1 },
    ]);
    const done = await meetingWhen(id, finished);
    expect(done.transcriptionStatus).toBe('completed');
    await jobsBecome(id, [{ name: 'transcribe-meeting', state: 'completed', attempts: 1 }]);
  });

  it('runs a live-transcript job once more when it is asked for while it runs, one at a time', async () => {
    // The race this closes (decision 151): a chunk arriving after the running pass last looked for
    // chunks, but before it finished, used to queue nothing, and its words waited for Stop.
    const meetingId = newId();
    const gates: Array<() => void> = [];
    let running = 0;
    let mostAtOnce = 0;
    const handler: JobHandler<'live-transcribe'> = {
      name: 'live-transcribe',
      async run() {
        mostAtOnce = Math.max(mostAtOnce, ++running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
      },
    };
    await liveLane(handler, 2);
    const ask = () => askLive(meetingId);
    await ask();
    await vi.waitFor(() => expect(gates).toHaveLength(1), { timeout: 30_000, interval: 20 });
    await ask();
    await ask();
    gates[0]!();
    await vi.waitFor(() => expect(gates).toHaveLength(2), { timeout: 30_000, interval: 20 });
    gates[1]!();
    await liveJobsCompleted(meetingId);
    expect(gates).toHaveLength(2);
    expect(mostAtOnce).toBe(1);
  });

  it('does not run a live-transcript job a third time when its worker stops after it was asked for again', async () => {
    // Asked for again while it ran, then handed back at shutdown: the pass the next worker runs is
    // the one that was asked for; it must not run once more after that (decision 151).
    const meetingId = newId();
    const gates: Array<() => void> = [];
    const handler: JobHandler<'live-transcribe'> = {
      name: 'live-transcribe',
      run: (_payload, { signal }) =>
        new Promise<void>((resolve, reject) => {
          gates.push(resolve);
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
    };
    const first = await liveLane(handler, 1);
    const ask = () => askLive(meetingId);
    await ask();
    await vi.waitFor(() => expect(gates).toHaveLength(1), { timeout: 30_000, interval: 20 });
    await ask();
    await first.stop();
    await liveLane(handler, 1);
    await vi.waitFor(() => expect(gates).toHaveLength(2), { timeout: 30_000, interval: 20 });
    gates[1]!();
    await liveJobsCompleted(meetingId);
    expect(gates).toHaveLength(2);
  });

  it('hands a job back uncounted when its worker stops, and another worker finishes it', async () => {
    const id = await upload(await longRecording(3));
    const first = await worker();
    await meetingWhen(id, (m) => m.transcriptionStatus === 'processing');
    await first.stop();
    expect(await server.ctx.queue.jobsOfMeeting(id)).toEqual([
      { name: 'transcribe-meeting', state: 'waiting', attempts: 0 },
    ]);

    await worker();
    const done = await meetingWhen(id, finished);
    expect(done.transcriptionStatus, String(done.transcriptionError)).toBe('completed');
    await jobsBecome(id, [{ name: 'transcribe-meeting', state: 'completed', attempts: 1 }]);
  });

  it("ends a recording's finish job quietly when its worker stops, and another worker completes the meeting", async () => {
    // A stop that lands while the job starts (a container stop right after the user's Stop): the
    // handler goes on into its work with its signal aborted, as one between two checks of it does.
    // That must end the attempt quietly (an uncaught error here once ended the process on SIGTERM)
    // and hand the job back for the next worker.
    const thrown: unknown[] = [];
    const note = (error: unknown) => thrown.push(error);
    process.on('uncaughtException', note);
    process.on('unhandledRejection', note);
    try {
      const started = await api.post(
        `/api/projects/${projectId}/recordings`,
        { title: 'Stopped while finishing', mimeType: 'audio/webm;codecs=opus' },
        token,
      );
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const id = started.body.data._id as string;
      const webm = join(scratch, 'jfk.webm');
      execFileSync(fixtureFfmpeg(), [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-i', jfkWavPath()],
        ...['-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', webm],
      ]);
      const put = await api.request('PUT', `/api/meetings/${id}/recording/chunks/0`, {
        token,
        raw: readFileSync(webm),
        headers: { 'content-type': 'audio/webm;codecs=opus' },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect((await api.post(`/api/meetings/${id}/recording/finish`, { chunks: 1 }, token)).status).toBe(200);

      // The real handlers; the finish job's first attempt is held until its worker stops.
      const handlers = await createJobHandlers(server.ctx);
      const finish = handlers.find((h) => h.name === 'finish-recording')!;
      let held = false;
      const heldFinish: JobHandler = {
        ...finish,
        run: async (payload, ctx) => {
          held = true;
          if (!ctx.signal.aborted) await once(ctx.signal, 'abort');
          return finish.run(payload, ctx);
        },
      };
      const first = server.ctx.queue.createRunner({
        handlers: handlers.map((h) => (h === finish ? heldFinish : h)),
        log: pino({ level: 'silent' }),
      });
      runners.push(first);
      await first.start();
      await vi.waitFor(() => expect(held).toBe(true), { timeout: 30_000, interval: 20 });
      await first.stop();
      expect(await server.ctx.queue.jobsOfMeeting(id)).toContainEqual({
        name: 'finish-recording',
        state: 'waiting',
        attempts: 0,
      });

      await worker();
      const done = await meetingWhen(id, finished);
      expect(done.transcriptionStatus, String(done.transcriptionError)).toBe('completed');
      expect(await segments(id)).not.toEqual([]);
      await vi.waitFor(
        async () =>
          expect(await server.ctx.queue.jobsOfMeeting(id)).toContainEqual({
            name: 'finish-recording',
            state: 'completed',
            attempts: 1,
          }),
        { timeout: 30_000, interval: 20 },
      );
      expect(thrown).toEqual([]);
    } finally {
      process.off('uncaughtException', note);
      process.off('unhandledRejection', note);
    }
  });

  it('lets another worker take over the job of a worker that was killed, with no duplicate segments', async () => {
    const id = await upload(await longRecording(4));
    const first = workerProcess();
    await meetingWhen(id, (m) => m.transcriptionStatus === 'processing' && Number(m.transcriptionProgress) > 0);
    first.kill('SIGKILL');
    await once(first, 'exit');
    expect((await meeting(id)).transcriptionStatus).toBe('processing');

    workerProcess();
    const done = await meetingWhen(id, finished);
    expect(done.transcriptionStatus, String(done.transcriptionError)).toBe('completed');
    const all = await segments(id);
    const keys = all.map((s) => `${s.startTime}-${s.endTime}`);
    expect(new Set(keys).size).toBe(keys.length);
    const words = all.map((s) => s.text).join(' ');
    expect(wordErrorRate(Array(4).fill(JFK_TEXT).join(' '), words)).toBeLessThan(0.2);
    await jobsBecome(id, [{ name: 'transcribe-meeting', state: 'completed', attempts: 2 }]);
  });

  it('fails the meeting when the worker dies on every attempt, instead of trying forever', async () => {
    const id = await upload(await longRecording(4));
    for (let attempt = 1; attempt <= 2; attempt++) {
      const doomed = workerProcess();
      await vi.waitFor(
        async () => {
          const [job] = await server.ctx.queue.jobsOfMeeting(id);
          if (job?.state !== 'running' || job.attempts !== attempt) throw new Error(JSON.stringify(job));
        },
        { timeout: 60_000, interval: 50 },
      );
      doomed.kill('SIGKILL');
      await once(doomed, 'exit');
    }
    workerProcess();
    const failed = await meetingWhen(id, finished);
    expect(failed).toMatchObject({
      transcriptionStatus: 'failed',
      transcriptionError: 'The worker running this job stopped responding',
    });
    await jobsBecome(id, [{ name: 'transcribe-meeting', state: 'failed', attempts: 2 }]);
  });
});
