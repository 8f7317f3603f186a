import { WebhookDeliveriesResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobRunner } from '../../src/jobs/worker.ts';
import { startWorker } from '../../src/worker-runtime.ts';
import { loadAmiMeeting } from '../fixtures/ami-notes.ts';
import { apiClient, expectSchema } from '../helpers/api.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai.ts';
import { seedTranscribedMeeting } from '../helpers/notes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startWebhookReceiver } from '../helpers/webhook-receiver.ts';

// Issue 40 item 5: deliveries stayed "pending, 0 attempts" for minutes. With the database queue they
// waited behind whatever long job (a transcription, action items from a slow model) held the worker's
// only slot (WORKER_CONCURRENCY=1); they now have a lane of their own (decision 275).
const QUEUES = process.env.TEST_DB === 'postgres' ? (['database', 'pg-boss'] as const) : (['database'] as const);

describe.each(QUEUES)('webhook deliveries on the %s queue while a long job runs', (queue) => {
  let server: TestServer;
  let worker: JobRunner;
  let model: FakeOpenAi;

  beforeAll(async () => {
    // The model server (a third-party service, faked) never answers: action items hold the main lane.
    model = await startFakeOpenAi(() => ({ hang: true }));
    server = await startTestServer({
      JOB_QUEUE: queue,
      WORKER_CONCURRENCY: '1',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      AI_ENGINE: 'openai',
      AI_BASE_URL: model.baseUrl,
      AI_MODEL: 'llama3.1',
      AI_CONTEXT_TOKENS: '200000',
    });
    worker = await startWorker(server.ctx);
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
    await model?.close();
  });

  it('posts a delivery at once instead of waiting for the running job to end', async () => {
    const api = apiClient(server.url);
    const { token, user, projectId } = await api.registerWithProject('Prompt hooks');
    const segments = loadAmiMeeting('ES2002b').input.segments;
    const meetingId = await seedTranscribedMeeting(server, { token, userId: user._id }, projectId, segments);
    const generate = await api.post(
      `/api/projects/${projectId}/meetings/${meetingId}/action-items/generate`,
      {},
      token,
    );
    expect(generate.status, JSON.stringify(generate.body)).toBe(202);
    // The action-items job has been claimed and is waiting on the model.
    await vi.waitFor(() => expect(model.requests.length).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });

    const receiver = await startWebhookReceiver();
    try {
      const hook = (await api.post('/api/webhooks', { url: receiver.url, events: ['meeting.transcribed'] }, token)).body
        .data;
      const sent = await api.post(`/api/webhooks/${hook._id}/test`, {}, token);
      expect(sent.status).toBe(202);

      // The outcome as the log shows it: recorded once the receiver's answer is read.
      await vi.waitFor(
        async () => {
          const log = await api.get(`/api/webhooks/${hook._id}/deliveries`, token);
          expect(expectSchema(WebhookDeliveriesResponse, log.body).data.deliveries[0]).toMatchObject({
            _id: sent.body.data._id,
            status: 'delivered',
            attempts: 1,
          });
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(receiver.received.map((r) => r.headers['x-parley-delivery'])).toEqual([sent.body.data._id]);
      // ...while the long job still runs.
      const meeting = await api.get(`/api/projects/${projectId}/meetings/${meetingId}`, token);
      expect(meeting.body.data.actionItemsStatus).toBe('processing');
    } finally {
      await receiver.close();
    }
  });
});
