import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MeetingResponse } from '@parley/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Worker } from '../../src/jobs/worker.ts';
import { startWorker } from '../../src/worker-runtime.ts';
import { fixtureFfmpeg, fixtureTempDir, jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { type FakeS3, startFakeS3 } from '../helpers/fake-s3.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// A recording the idle sweep finished keeps its chunks for its browser to come back with the rest; past
// RECORDING_CHUNKS_KEEP_HOURS after its last chunk the retention job closes it and they go (decision 263):
// their rows, their files (local or S3) and the stored bytes they held. Only Date is faked (and keeps
// flowing), so the window passes without sleeping; the sweep and the job run in the real worker. The
// window is 6 minutes: the fake S3 refuses requests signed 15 minutes away from its clock, and the SDK
// sets its clock by the real time of the replies' Date header.
type Api = ReturnType<typeof apiClient>;
const MINUTE = 60_000;
const KEEP_MS = 6 * MINUTE;

/** JFK's 11 s as a browser's WebM/Opus, cut into 8 chunks. */
function recordedChunks(): Buffer[] {
  const path = join(fixtureTempDir('parley-kept-chunks-'), 'jfk.webm');
  execFileSync(fixtureFfmpeg(), [
    '-y',
    '-loglevel',
    'error',
    '-i',
    jfkWavPath(),
    '-c:a',
    'libopus',
    '-b:a',
    '32k',
    '-cluster_time_limit',
    '120',
    '-f',
    'webm',
    path,
  ]);
  const bytes = readFileSync(path);
  const size = Math.ceil(bytes.length / 8);
  return Array.from({ length: 8 }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
}

// Local files with the database queue; S3 with pg-boss where it can run (PostgreSQL), else the database queue.
const CASES = [
  { storage: 'local', queue: 'database' },
  { storage: 's3', queue: process.env.TEST_DB === 'postgres' ? 'pg-boss' : 'database' },
] as const;

describe.each(CASES)('chunks kept for a browser that went away, $storage storage, $queue queue', (kind) => {
  let s3: FakeS3 | undefined;
  let server: TestServer;
  let worker: Worker;
  let api: Api;
  const chunks = recordedChunks();

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    s3 = kind.storage === 's3' ? await startFakeS3() : undefined;
    // A minute of silence before the sweep: the test moves the clock past it.
    server = await startTestServer({
      ...s3?.env,
      JOB_QUEUE: kind.queue,
      RECORDING_IDLE_MINUTES: '1',
      RECORDING_CHUNKS_KEEP_HOURS: String(KEEP_MS / 60 / MINUTE),
    });
    worker = await startWorker(server.ctx);
    api = apiClient(server.url);
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
    await s3?.stop();
    vi.useRealTimers();
  });

  type User = Awaited<ReturnType<Api['registerWithProject']>>;

  async function record(user: User, from: number, to: number, meetingId?: string) {
    let id = meetingId;
    if (!id) {
      const res = await api.post(
        `/api/projects/${user.projectId}/recordings`,
        { title: 'Closed tab', mimeType: 'audio/webm' },
        user.token,
      );
      id = expectSchema(MeetingResponse, res.body).data._id;
    }
    for (let seq = from; seq < to; seq++) {
      const res = await putChunk(user, id, seq);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    return id;
  }

  const putChunk = (user: User, meetingId: string, seq: number) =>
    api.request('PUT', `/api/meetings/${meetingId}/recording/chunks/${seq}`, {
      token: user.token,
      raw: chunks[seq]!,
      headers: { 'content-type': 'audio/webm' },
    });

  /**
   * The newest job of a kind and where it is, read from the queue's own table (pg-boss keeps its queues'
   * counts as of its last maintenance, so they are not read here).
   */
  async function newestJob(name: string): Promise<{ id?: string; state?: string }> {
    if (kind.queue === 'database') {
      const job = await server.ctx.db
        .selectFrom('jobs')
        .select(['id', 'status'])
        .where('name', '=', name)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return { id: job?.id, state: job?.status };
    }
    const { rows } = await sql<{ id: string; state: string }>`
      select id, state from pgboss.job where name = ${name} order by created_on desc limit 1`.execute(server.ctx.db);
    return { id: rows[0]?.id, state: rows[0]?.state };
  }

  async function pendingJobs(): Promise<number> {
    if (kind.queue === 'database') return (await server.ctx.queue.check()).pending;
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from pgboss.job where state in ('created', 'retry', 'active')`.execute(server.ctx.db);
    return Number(rows[0]!.n);
  }

  /** Every job done (none waiting or running): the clock may move without taking a running job's lease. */
  const settled = () => vi.waitFor(async () => expect(await pendingJobs()).toBe(0), { timeout: 90_000, interval: 50 });

  /** A minute and a second later the browsers are gone: the sweep finishes their recordings. */
  async function browsersGone() {
    vi.setSystemTime(Date.now() + MINUTE + 1000);
    await server.ctx.services.recordings.finishIdle(server.ctx.config.recording.idleMs);
    await settled();
  }

  const meeting = async (id: string) => (await server.ctx.repos.meetings.findById(id))!;
  const keptChunks = (id: string) => server.ctx.repos.recordings.chunks(id);
  const stored = async (keys: string[]) =>
    Promise.all(keys.map(async (key) => (await server.ctx.storage.size(key)) !== null));
  const bytesOf = (user: User) => server.ctx.repos.storageUse.bytes(user.user._id);

  /** The retention job, through the queue and the worker, as the worker queues it every hour. */
  async function retentionJob() {
    await server.ctx.queue.enqueue(
      server.ctx.db,
      'apply-retention',
      {},
      { userId: null, idempotencyKey: 'apply-retention' },
    );
    const queued = await newestJob('apply-retention');
    await vi.waitFor(
      async () => expect(await newestJob('apply-retention')).toEqual({ ...queued, state: 'completed' }),
      {
        timeout: 60_000,
        interval: 50,
      },
    );
  }

  it("removes an abandoned recording's chunks after the window, keeps one within it that can still be completed, and no one else's", async () => {
    const ann = await api.registerWithProject('Ann');
    const bob = await api.registerWithProject('Bob');

    // Ann's browser sends half a recording and goes away for good; the sweep puts it together.
    const abandoned = await record(ann, 0, 4);
    await browsersGone();
    const put = await meeting(abandoned);
    expect({ state: put.recording_state, audio: put.audio_key !== null }, String(put.transcription_error)).toEqual({
      state: null,
      audio: true,
    });
    const abandonedKeys = (await keptChunks(abandoned)).map((c) => c.storage_key);
    expect(abandonedKeys).toHaveLength(4);
    const abandonedBytes = (await keptChunks(abandoned)).reduce((sum, c) => sum + Number(c.size), 0);

    // Half the window later Ann and Bob each record half of another, and their browsers go away too.
    vi.setSystemTime(Date.now() + KEEP_MS / 2);
    const returning = await record(ann, 0, 4);
    const bobs = await record(bob, 0, 4);
    await browsersGone();
    const bobKeys = (await keptChunks(bobs)).map((c) => c.storage_key);
    const [annBefore, bobBefore] = [await bytesOf(ann), await bytesOf(bob)];

    // The window after the first one's last chunk, the second ones' still within it: the job runs.
    vi.setSystemTime(Date.parse(put.recording_last_chunk_at!) + KEEP_MS + 1000);
    await retentionJob();

    expect(await keptChunks(abandoned)).toEqual([]);
    expect(await stored(abandonedKeys)).toEqual([false, false, false, false]);
    expect(await bytesOf(ann)).toBe(annBefore - abandonedBytes);
    // Its meeting is whole (audio, transcript), and no longer a recording that takes chunks.
    const closed = await meeting(abandoned);
    expect(closed).toMatchObject({
      audio_key: put.audio_key,
      duration_ms: put.duration_ms,
      transcription_status: 'completed',
      recording_state: null,
    });
    expectError(await putChunk(ann, abandoned, 4), 404, 'Recording not found');
    expect(await keptChunks(abandoned)).toEqual([]);

    // Bob's chunks are all there, files and bytes.
    expect((await keptChunks(bobs)).map((c) => c.storage_key)).toEqual(bobKeys);
    expect(await stored(bobKeys)).toEqual([true, true, true, true]);
    expect(await bytesOf(bob)).toBe(bobBefore);

    // Ann's browser comes back to the recording within the window: it takes the rest and is whole.
    expect(await keptChunks(returning)).toHaveLength(4);
    await record(ann, 4, 8, returning);
    const finish = await api.post(`/api/meetings/${returning}/recording/finish`, { chunks: 8 }, ann.token);
    expect(finish.status, JSON.stringify(finish.body)).toBe(200);
    await settled();
    const whole = await meeting(returning);
    expect(whole.transcription_status).toBe('completed');
    expect(Number(whole.duration_ms)).toBeGreaterThanOrEqual(10_000);
  });

  it('"Delete recording, keep transcript" removes the chunks kept for its browser at once', async () => {
    const carol = await api.registerWithProject('Carol');
    const id = await record(carol, 0, 4);
    await browsersGone();
    const put = await meeting(id);
    expect(put.transcription_status).toBe('completed');
    const kept = await keptChunks(id);
    expect(kept).toHaveLength(4);
    const before = await bytesOf(carol);

    expect((await api.delete(`/api/projects/${carol.projectId}/meetings/${id}/audio`, carol.token)).status).toBe(204);
    expect(await keptChunks(id)).toEqual([]);
    expect(await stored(kept.map((c) => c.storage_key))).toEqual([false, false, false, false]);
    const keptBytes = kept.reduce((sum, c) => sum + Number(c.size), 0);
    expect(await bytesOf(carol)).toBe(before - keptBytes - Number(put.audio_size));
    // Its browser coming back cannot bring the deleted recording back.
    expectError(await putChunk(carol, id, 4), 404, 'Recording not found');
  });
});
