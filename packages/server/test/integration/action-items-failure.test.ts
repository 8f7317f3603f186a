import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Worker } from '../../src/jobs/worker.ts';
import { actionItemsJobKey } from '../../src/services/job-keys.ts';
import { startWorker } from '../../src/worker-runtime.ts';
import { loadAmiMeeting } from '../fixtures/ami-notes.ts';
import { apiClient } from '../helpers/api.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai.ts';
import { seedTranscribedMeeting, waitForActionItems } from '../helpers/notes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// The generate-action-items job's failure path through the real queue and worker: a notes server that
// refuses the key fails the job for good (no retry helps), and the meeting says so with the engine's words.
let fake: FakeOpenAi;
let server: TestServer;
let worker: Worker | undefined;

beforeAll(async () => {
  fake = await startFakeOpenAi(() => ({ status: 401, body: { error: { message: 'Incorrect API key provided' } } }));
  server = await startTestServer({
    TRANSCRIPTION_ENGINE: 'remote',
    REMOTE_ASR_URL: 'http://127.0.0.1:9/v1',
    AI_ENGINE: 'openai',
    AI_BASE_URL: fake.baseUrl,
    AI_MODEL: 'llama3.1',
  });
});
afterAll(async () => {
  await worker?.stop();
  await server.close();
  await fake.close();
});

describe('action items that cannot be generated', () => {
  it('leave the meeting failed with the engine’s message, after one attempt', async () => {
    const api = apiClient(server.url);
    const user = await api.register();
    const owner = { token: user.token, userId: user.user._id };
    const projectId = (await api.post('/api/projects', { name: 'Refused' }, owner.token)).body.data._id;
    const segments = loadAmiMeeting('TS3005a').input.segments;
    const meetingId = await seedTranscribedMeeting(server, owner, projectId, segments);
    const base = `/api/projects/${projectId}/meetings/${meetingId}/action-items`;
    expect((await api.post(`${base}/generate`, undefined, owner.token)).status).toBe(202);

    worker = await startWorker(server.ctx);
    const meeting = await waitForActionItems(server.url, owner.token, projectId, meetingId);
    expect(meeting).toMatchObject({
      actionItemsStatus: 'failed',
      metadata: { actionItems: { errorMessage: 'The AI service refused the API key (HTTP 401); check AI_API_KEY' } },
    });
    expect(fake.requests.length).toBeGreaterThan(0);
    const job = await vi.waitFor(
      async () => {
        const row = await server.ctx.repos.jobs.findByKey(actionItemsJobKey(meetingId));
        if (row?.status !== 'failed') throw new Error(`job still ${row?.status}`);
        return row;
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(job.attempts).toBe(1);
    expect((await api.get(base, owner.token)).body.data.actionItems).toEqual([]);
  });
});
