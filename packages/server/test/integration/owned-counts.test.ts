import { API_TOKENS_PER_USER, SHARES_PER_MEETING, WEBHOOKS_PER_USER } from '@parley/contract';
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
});
