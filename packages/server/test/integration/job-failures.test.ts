import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Worker } from '../../src/jobs/worker.ts';
import { startWorker } from '../../src/worker-runtime.ts';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

// The failure path of the real queue and worker with the real transcription handler: a recording
// that turns undecodable after upload fails every attempt; a long one is interrupted by a shutdown.
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let projectId: string;
let worker: Worker | undefined;

beforeAll(async () => {
  server = await startTestServer({ JOB_MAX_ATTEMPTS: '3', JOB_LEASE_SECONDS: '30' });
  api = apiClient(server.url);
  ({ token, projectId } = await api.registerWithProject('Jobs'));
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  vi.useRealTimers();
});
afterAll(() => server.close());

async function uploadJfk() {
  const res = await uploadMeeting(server.url, token, projectId, { path: jfkWavPath() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const meetingId = res.body.data._id as string;
  const job = await server.ctx.repos.jobs.findByKey(`transcribe-meeting:${meetingId}`);
  return { meetingId, jobId: job!.id };
}

const jobOf = (meetingId: string) => server.ctx.repos.jobs.findByKey(`transcribe-meeting:${meetingId}`);

/** Waits until the job has been through `attempts` attempts and is back in the queue or done. */
async function settledAfter(meetingId: string, attempts: number) {
  return vi.waitFor(
    async () => {
      const job = await jobOf(meetingId);
      if (job?.attempts !== attempts || job.status === 'running') throw new Error(`job not settled: ${job?.status}`);
      return job;
    },
    { timeout: 60_000, interval: 50 },
  );
}

describe('a job that keeps failing', () => {
  it('is retried with growing backoff, then marks the meeting failed with its message', async () => {
    // Only Date is faked (and keeps flowing), so the retry delays can be skipped without sleeping.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const { meetingId } = await uploadJfk();
    const meeting = await server.ctx.repos.meetings.findById(meetingId);
    writeFileSync(join(server.ctx.config.dataDir, meeting!.audio_key!), 'this is not audio any more');
    worker = await startWorker(server.ctx);

    const first = await settledAfter(meetingId, 1);
    expect(first.status).toBe('queued');
    expect(first.last_error).toMatch(/audio|decode|invalid/i);
    const firstDelay = Date.parse(first.run_at) - Date.parse(first.updated_at);
    expect(firstDelay).toBeGreaterThanOrEqual(4_900);
    expect(firstDelay).toBeLessThanOrEqual(5_100);
    // Not yet due: nothing happens until the clock reaches run_at.
    expect((await server.ctx.repos.jobs.claim('probe', 30))?.id).toBeUndefined();

    vi.setSystemTime(Date.parse(first.run_at) + 1);
    const second = await settledAfter(meetingId, 2);
    expect(second.status).toBe('queued');
    expect(Date.parse(second.run_at)).toBeGreaterThan(Date.parse(first.run_at));
    const secondDelay = Date.parse(second.run_at) - Date.parse(second.updated_at);
    expect(secondDelay).toBeGreaterThanOrEqual(19_900);
    expect(secondDelay).toBeLessThanOrEqual(20_100);

    vi.setSystemTime(Date.parse(second.run_at) + 1);
    const last = await settledAfter(meetingId, 3);
    expect(last.status).toBe('failed');
    expect(last.locked_by).toBeNull();

    const shown = (await api.get(`/api/projects/${projectId}/meetings/${meetingId}`, token)).body.data;
    expect(shown.transcriptionStatus).toBe('failed');
    expect(shown.transcriptionError).toBe(last.last_error);
    expect(shown.transcriptionError).toMatch(/audio|decode|invalid/i);
  });
});
