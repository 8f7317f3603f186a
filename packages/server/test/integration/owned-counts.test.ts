import {
  ACTION_ITEMS_PER_MEETING,
  API_TOKENS_PER_USER,
  SHARES_PER_MEETING,
  WEBHOOK_TESTS_PER_MINUTE,
  WEBHOOK_TESTS_PER_USER_PER_MINUTE,
  WEBHOOKS_PER_USER,
} from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

// Webhooks, API tokens and share links are bounded per owner (decision 190): without a bound one user could
// make every finished meeting post to thousands of endpoints, or grow a list that is always sent whole.
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let other: string;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  ({ token } = await api.register());
  ({ token: other } = await api.register());
});
afterAll(() => server.close());

/** Creates `count` of a thing, each expected to succeed, and returns the ids. */
async function createMany(count: number, create: () => Promise<{ status: number; body: any }>) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await create();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.data._id ?? res.body.data.id);
  }
  return ids;
}

describe('per-owner bounds', () => {
  it(`keeps at most ${WEBHOOKS_PER_USER} webhooks per user; deleting one makes room; other users are not counted`, async () => {
    const hook = (who: string) =>
      api.post('/api/webhooks', { url: 'https://hooks.example.com/parley', events: ['meeting.transcribed'] }, who);
    const ids = await createMany(WEBHOOKS_PER_USER, () => hook(token));
    expectError(await hook(token), 409, `You can keep at most ${WEBHOOKS_PER_USER} webhooks`);
    expect((await api.get('/api/webhooks', token)).body.data.webhooks).toHaveLength(WEBHOOKS_PER_USER);
    expect((await hook(other)).status).toBe(201);
    expect((await api.delete(`/api/webhooks/${ids[0]}`, token)).status).toBe(204);
    expect((await hook(token)).status).toBe(201);
  });

  it(`keeps at most ${API_TOKENS_PER_USER} API tokens per user`, async () => {
    const create = (who: string) => api.post('/api/users/me/tokens', { name: 'ci', scope: 'read' }, who);
    const ids = await createMany(API_TOKENS_PER_USER, () => create(token));
    expectError(await create(token), 409, `You can keep at most ${API_TOKENS_PER_USER} API tokens`);
    expect((await create(other)).status).toBe(201);
    expect((await api.delete(`/api/users/me/tokens/${ids[0]}`, token)).status).toBe(204);
    expect((await create(token)).status).toBe(201);
  });

  it(`keeps at most ${SHARES_PER_MEETING} share links per meeting`, async () => {
    const projectId = (await api.post('/api/projects', { name: 'Links' }, token)).body.data._id;
    const meetingOf = async () =>
      (
        await uploadMeeting(
          server.url,
          token,
          projectId,
          { path: jfkWavPath() },
          { title: 'Review', recordingType: 'upload' },
        )
      ).body.data._id as string;
    const [first, second] = [await meetingOf(), await meetingOf()];
    const share = (meetingId: string) => api.post(`/api/meetings/${meetingId}/shares`, { includeAudio: false }, token);
    const ids = await createMany(SHARES_PER_MEETING, () => share(first));
    expectError(await share(first), 409, `A meeting can have at most ${SHARES_PER_MEETING} share links`);
    expect((await share(second)).status).toBe(201);
    expect((await api.delete(`/api/meetings/${first}/shares/${ids[0]}`, token)).status).toBe(204);
    expect((await share(first)).status).toBe(201);
  });

  it(`adds action items by hand while a meeting has fewer than ${ACTION_ITEMS_PER_MEETING}, also when requests race`, async () => {
    const projectId = (await api.post('/api/projects', { name: 'Busy' }, token)).body.data._id;
    const meetingId = (
      await uploadMeeting(
        server.url,
        token,
        projectId,
        { path: jfkWavPath() },
        { title: 'Full', recordingType: 'upload' },
      )
    ).body.data._id as string;
    const user = (await api.get('/api/users/me', token)).body.data._id as string;
    const already = ACTION_ITEMS_PER_MEETING - 10;
    await server.ctx.repos.actionItems.insertMany(
      user,
      meetingId,
      Array.from({ length: already }, (_, i) => ({ task: `Imported task ${i}`, source: 'imported' as const })),
    );
    const add = (task: string) =>
      api.post(`/api/projects/${projectId}/meetings/${meetingId}/action-items`, { task }, token);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => add(`By hand ${i}`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(10);
    for (const res of refused) {
      expectError(res, 409, 'A meeting can have at most 1,000 action items: delete some to add more');
    }
    const list = await api.get(`/api/projects/${projectId}/meetings/${meetingId}/action-items?limit=1`, token);
    expect(list.body.data.pagination.total).toBe(ACTION_ITEMS_PER_MEETING);
  });

  it(`sends at most ${WEBHOOK_TESTS_PER_MINUTE} test events a minute per webhook, then 429 with Retry-After`, async () => {
    const create = () =>
      api.post('/api/webhooks', { url: 'https://hooks.example.com/tests', events: ['meeting.failed'] }, other);
    const [hook, second] = [(await create()).body.data, (await create()).body.data];
    const test = (id: string) => api.post(`/api/webhooks/${id}/test`, {}, other);
    const results = await Promise.all(Array.from({ length: WEBHOOK_TESTS_PER_MINUTE + 3 }, () => test(hook._id)));
    expect(results.filter((r) => r.status === 202)).toHaveLength(WEBHOOK_TESTS_PER_MINUTE);
    const limited = results.filter((r) => r.status !== 202);
    expect(limited).toHaveLength(3);
    for (const res of limited) {
      expectError(res, 429, /^At most 5 test events a minute per webhook\. Try again in \d+ seconds\.$/);
      const wait = Number(res.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
    }
    // Another endpoint has a minute of its own.
    expect((await test(second._id)).status).toBe(202);
  });

  it(`sends at most ${WEBHOOK_TESTS_PER_USER_PER_MINUTE} test events a minute across a user's webhooks, deleted ones too`, async () => {
    // Deleting an endpoint deletes its deliveries, and with them the per-webhook count: a new endpoint
    // started a fresh minute, so recreating one sent test events without end (decision 292).
    const { token: owner } = await api.register();
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const created = await api.post(
        '/api/webhooks',
        { url: 'https://hooks.example.com/recycled', events: ['meeting.failed'] },
        owner,
      );
      const id = created.body.data._id;
      for (let i = 0; i < WEBHOOK_TESTS_PER_MINUTE; i++)
        statuses.push((await api.post(`/api/webhooks/${id}/test`, {}, owner)).status);
      expect((await api.delete(`/api/webhooks/${id}`, owner)).status).toBe(204);
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(WEBHOOK_TESTS_PER_USER_PER_MINUTE);
    const fresh = await api.post(
      '/api/webhooks',
      { url: 'https://hooks.example.com/one-more', events: ['meeting.failed'] },
      owner,
    );
    const refused = await api.post(`/api/webhooks/${fresh.body.data._id}/test`, {}, owner);
    expectError(refused, 429, /^At most 10 test events a minute across your webhooks\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });
});
