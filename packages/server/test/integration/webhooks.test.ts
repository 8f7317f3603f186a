import { createHmac } from 'node:crypto';
import {
  CreateWebhookResponse,
  Meeting,
  WebhookDeliveriesResponse,
  WebhookListResponse,
  WebhookPayload,
} from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobRunner } from '../../src/jobs/worker.ts';
import { verifySignature } from '../../src/webhooks/signature.ts';
import { startWorker } from '../../src/worker-runtime.ts';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { TRANSCRIPTION_TEST_MS, TRANSCRIPTION_WAIT_MS } from '../helpers/transcription.ts';
import { uploadMeeting } from '../helpers/uploads.ts';
import { startWebhookReceiver } from '../helpers/webhook-receiver.ts';

// Signed webhooks (docs/decisions/171) through the real worker and a real local receiver, on each queue.
const QUEUES = process.env.TEST_DB === 'postgres' ? (['database', 'pg-boss'] as const) : (['database'] as const);

/** The receiver's side, written out as the README shows it: HMAC-SHA256 over "<t>.<raw body>". */
function independentlyVerified(secret: string, body: string, header: string) {
  const { t, v1 } = Object.fromEntries(header.split(',').map((p) => p.split('='))) as { t: string; v1: string };
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex') === v1;
}

describe.each(QUEUES)('webhooks on the %s queue', (queue) => {
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;
  let token: string;
  let projectId: string;
  let worker: JobRunner;

  beforeAll(async () => {
    server = await startTestServer({
      JOB_QUEUE: queue,
      JOB_RETRY_DELAY_SECONDS: '1',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    api = apiClient(server.url);
    ({ token, projectId } = await api.registerWithProject('Hooks'));
    worker = await startWorker(server.ctx);
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
  });

  it('posts meeting.transcribed, signed, with the meeting as the API returns it', {
    timeout: TRANSCRIPTION_TEST_MS,
  }, async () => {
    const receiver = await startWebhookReceiver();
    try {
      const created = await api.post('/api/webhooks', { url: receiver.url, events: ['meeting.transcribed'] }, token);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const hook = expectSchema(CreateWebhookResponse, created.body).data;
      expect(hook.secret.length).toBeGreaterThanOrEqual(16);
      const list = expectSchema(WebhookListResponse, (await api.get('/api/webhooks', token)).body).data;
      expect(list.webhooks.map((w) => w._id)).toContain(hook._id);
      expect(list.webhooks[0]).not.toHaveProperty('secret');

      const upload = await uploadMeeting(server.url, token, projectId, { path: jfkWavPath() });
      expect(upload.status).toBe(201);
      await receiver.next(1, TRANSCRIPTION_WAIT_MS);

      const [request] = receiver.received;
      expect(request!.headers['x-parley-event']).toBe('meeting.transcribed');
      const signature = String(request!.headers['x-parley-signature']);
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(independentlyVerified(hook.secret, request!.body, signature)).toBe(true);
      expect(verifySignature(hook.secret, request!.body, signature)).toBe(true);
      expect(verifySignature('another secret entirely', request!.body, signature)).toBe(false);
      const payload = WebhookPayload.parse(JSON.parse(request!.body));
      expect(payload.id).toBe(request!.headers['x-parley-delivery']);
      expect(payload.event).toBe('meeting.transcribed');
      const meeting = Meeting.parse(payload.meeting);
      expect(meeting).toMatchObject({ _id: upload.body.data._id, transcriptionStatus: 'completed' });

      // Recorded once the receiver's answer is read, a moment after the request arrived.
      await vi.waitFor(
        async () => {
          const log = await api.get(`/api/webhooks/${hook._id}/deliveries`, token);
          const [delivery] = expectSchema(WebhookDeliveriesResponse, log.body).data.deliveries;
          expect(delivery).toMatchObject({
            event: 'meeting.transcribed',
            status: 'delivered',
            attempts: 1,
            responseStatus: 200,
          });
        },
        { timeout: 30_000, interval: 100 },
      );
    } finally {
      await receiver.close();
    }
  });

  it('retries a delivery answered 500, in order: a later event waits for it', async () => {
    const receiver = await startWebhookReceiver([500, 500]);
    try {
      const hook = (await api.post('/api/webhooks', { url: receiver.url, events: ['meeting.failed'] }, token)).body
        .data;
      const first = await api.post(`/api/webhooks/${hook._id}/test`, {}, token);
      expect(first.status).toBe(202);
      const second = await api.post(`/api/webhooks/${hook._id}/test`, {}, token);
      await receiver.next(4, 45_000);

      const ids = receiver.received.map((r) => r.headers['x-parley-delivery']);
      expect(ids).toEqual([first.body.data._id, first.body.data._id, first.body.data._id, second.body.data._id]);
      expect(receiver.received.map((r) => r.status)).toEqual([500, 500, 200, 200]);
      // Every attempt posts the same bytes, each signed afresh.
      expect(new Set(receiver.received.slice(0, 3).map((r) => r.body)).size).toBe(1);
      for (const r of receiver.received) {
        expect(independentlyVerified(hook.secret, r.body, String(r.headers['x-parley-signature']))).toBe(true);
      }
      const deliveries = (await api.get(`/api/webhooks/${hook._id}/deliveries`, token)).body.data.deliveries;
      const retried = deliveries.find((d: { _id: string }) => d._id === first.body.data._id);
      expect(retried).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 200, lastError: null });
    } finally {
      await receiver.close();
    }
  });
});

describe('webhooks without WEBHOOK_ALLOW_PRIVATE_NETWORKS', () => {
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;
  let token: string;
  let worker: JobRunner;

  beforeAll(async () => {
    server = await startTestServer({ JOB_RETRY_DELAY_SECONDS: '1' });
    api = apiClient(server.url);
    ({ token } = await api.register());
    worker = await startWorker(server.ctx);
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
  });

  it('refuses a private address: a literal one at once, a name after it resolves', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const private4in6 = [
        '[::127.0.0.1]',
        '[::ffff:0:7f00:1]',
        '[64:ff9b:1::7f00:1]',
        '[2002:7f00:1::1]',
        '[2001::ffff:80ff:fffe]',
      ];
      for (const url of [
        receiver.url,
        'http://[::1]:9/x',
        'http://169.254.169.254/latest',
        'http://10.1.2.3/',
        ...private4in6.map((host) => `http://${host}:${receiver.port}/hook`),
      ]) {
        const refused = await api.post('/api/webhooks', { url, events: ['meeting.transcribed'] }, token);
        expectError(
          refused,
          400,
          'Webhooks to private or local addresses are refused on this server (an admin can allow them with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true)',
        );
      }
      const byName = `http://localhost:${receiver.port}/hook`;
      const hook = (await api.post('/api/webhooks', { url: byName, events: ['meeting.transcribed'] }, token)).body.data;
      const test = await api.post(`/api/webhooks/${hook._id}/test`, {}, token);
      expect(test.status).toBe(202);
      const deadline = Date.now() + 30_000;
      let delivery: { status: string; lastError: string | null; attempts: number } | undefined;
      while (Date.now() < deadline) {
        delivery = (await api.get(`/api/webhooks/${hook._id}/deliveries`, token)).body.data.deliveries[0];
        if (delivery?.status !== 'pending') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
      // Which private address a name resolves to is not shown: any account could map the internal network's
      // names through its webhooks' log (decision 292).
      expect(delivery!.lastError).toMatch(/^Refused: localhost resolves to a private or local address/);
      expect(delivery!.lastError).not.toMatch(/127\.0\.0\.1|::1/);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it('keeps endpoints to their owner and checks what is sent', async () => {
    const hook = (
      await api.post('/api/webhooks', { url: 'https://hooks.example.com/parley', events: ['summary.generated'] }, token)
    ).body.data;
    const other = await api.register();
    expectError(await api.get(`/api/webhooks/${hook._id}/deliveries`, other.token), 404);
    expectError(await api.put(`/api/webhooks/${hook._id}`, { events: ['meeting.failed'] }, other.token), 404);
    expectError(await api.delete(`/api/webhooks/${hook._id}`, other.token), 404);
    expectError(await api.post(`/api/webhooks/${hook._id}/test`, {}, other.token), 404);
    expect((await api.get('/api/webhooks', other.token)).body.data.webhooks).toEqual([]);

    expectError(await api.post('/api/webhooks', { url: 'ftp://example.com', events: ['meeting.failed'] }, token), 400);
    expectError(await api.post('/api/webhooks', { url: 'https://example.com', events: [] }, token), 400);
    expectError(
      await api.post('/api/webhooks', { url: 'https://example.com', events: ['meeting.deleted'] }, token),
      400,
    );

    const updated = await api.put(`/api/webhooks/${hook._id}`, { events: ['meeting.failed', 'meeting.failed'] }, token);
    expect(updated.body.data.events).toEqual(['meeting.failed']);
    expect((await api.delete(`/api/webhooks/${hook._id}`, token)).status).toBe(204);
    expectError(await api.get(`/api/webhooks/${hook._id}/deliveries`, token), 404);
  });
});
