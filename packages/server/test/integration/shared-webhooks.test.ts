import { WebhookDeliveriesResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { importTranscript } from '../helpers/uploads.ts';

// Issue 37: a user's webhooks fire for meetings in projects they can read (docs/decisions/220); a
// disabled account reads nothing any more (decision 221), so its endpoints are told nothing either.
// No worker runs here: each event is a delivery row of the endpoint, queued in the transaction of the
// change, which is what is asserted.
let server: TestServer;
let api: ReturnType<typeof apiClient>;
type Account = { token: string; id: string; email: string; password: string; hook: string };
const people = {} as Record<'admin' | 'ann' | 'bob' | 'cat', Account>;
let project = '';
let meeting = '';

const VTT =
  'WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n<v Ann>We agreed on the budget for the launch.\n\n' +
  '00:00:04.000 --> 00:00:09.000\n<v Bob>I will send the report to the board by Friday.\n';

const deliveries = async (who: Account) =>
  expectSchema(WebhookDeliveriesResponse, (await api.get(`/api/webhooks/${who.hook}/deliveries`, who.token)).body).data
    .deliveries;

beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = apiClient(server.url);
  for (const who of ['admin', 'ann', 'bob', 'cat'] as const) {
    const email = `${who}@example.com`;
    const registered = await api.register(who, email);
    const hook = await api.post(
      '/api/webhooks',
      { url: `http://127.0.0.1:9/${who}`, events: ['summary.generated'] },
      registered.token,
    );
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    people[who] = { ...registered, id: registered.user._id, hook: hook.body.data._id };
  }
  project = (await api.post('/api/projects', { name: 'Lab' }, people.ann.token)).body.data._id;
  for (const who of ['bob', 'cat'] as const) {
    const added = await api.post(
      `/api/projects/${project}/members`,
      { email: people[who].email, role: 'viewer' },
      people.ann.token,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  const imported = await importTranscript(server.url, people.ann.token, project, { name: 'm.vtt', text: VTT });
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  meeting = imported.body.data._id;
});
afterAll(() => server?.close());

describe('webhooks of a shared project’s members', () => {
  it('tell every member who subscribed, not a disabled account, nor anyone outside the project', async () => {
    const disabled = await api.patch(`/api/admin/users/${people.cat.id}`, { disabled: true }, people.admin.token);
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);

    const summary = await api.post(`/api/projects/${project}/meetings/${meeting}/summary/stream`, {}, people.ann.token);
    expect(summary.status).toBe(200);
    expect(String(summary.body)).toContain('"type":"complete"');

    expect((await deliveries(people.ann)).map((d) => d.event)).toEqual(['summary.generated']);
    expect((await deliveries(people.bob)).map((d) => d.event)).toEqual(['summary.generated']);
    expect(await deliveries(people.admin)).toEqual([]);
    // Enabled again, its endpoint shows nothing was queued while it was disabled.
    await api.patch(`/api/admin/users/${people.cat.id}`, { disabled: false }, people.admin.token);
    const cat = await api.post('/auth/login', { email: people.cat.email, password: people.cat.password });
    expect(cat.status).toBe(200);
    expect(await deliveries({ ...people.cat, token: cat.body.data.token })).toEqual([]);
  });
});
