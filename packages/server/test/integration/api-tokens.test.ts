import { createHash } from 'node:crypto';
import { ApiTokenListResponse, CreateApiTokenResponse, MeetingResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

// Personal access tokens (docs/decisions/170): scopes, expiry, revocation, and what no token may do.
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let session: string;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  session = (await api.register()).token;
  projectId = (await api.post('/api/projects', { name: 'Token work' }, session)).body.data._id;
});
afterAll(() => server.close());

async function createToken(body: Record<string, unknown>, as = session) {
  const res = await api.post('/api/users/me/tokens', body, as);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return expectSchema(CreateApiTokenResponse, res.body).data;
}

describe('personal access tokens', () => {
  it('is shown once, stored hashed, and listed with its last use', async () => {
    const created = await createToken({ name: 'Phone uploads', scope: 'write' });
    expect(created.token).toMatch(/^pat_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    expect(created.lastUsedAt).toBeNull();

    const row = await server.ctx.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', created._id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token);

    expect((await api.get('/api/users/me', created.token)).status).toBe(200);
    const list = expectSchema(ApiTokenListResponse, (await api.get('/api/users/me/tokens', session)).body).data;
    const listed = list.tokens.find((t) => t._id === created._id)!;
    expect(listed).not.toHaveProperty('token');
    expect(listed.name).toBe('Phone uploads');
    expect(Date.parse(listed.lastUsedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a write token uploads a meeting; a read token reads it and is refused writes', async () => {
    const write = await createToken({ name: 'Uploader', scope: 'write' });
    const read = await createToken({ name: 'Reader', scope: 'read' });
    const upload = await uploadMeeting(server.url, write.token, projectId, { path: jfkWavPath() });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const meetingId = upload.body.data._id;

    const path = `/api/projects/${projectId}/meetings/${meetingId}`;
    expectSchema(MeetingResponse, (await api.get(path, read.token)).body);
    const audio = await api.request('GET', `${path}/audio`, { token: read.token, headers: { range: 'bytes=0-3' } });
    expect(audio.status).toBe(206);

    expectError(await api.put(path, { title: 'Renamed' }, read.token), 403, /can only read/);
    expectError(await api.post('/api/projects', { name: 'Not with a read token' }, read.token), 403);
    const refusedUpload = await uploadMeeting(server.url, read.token, projectId, { path: jfkWavPath() });
    expect(refusedUpload.status).toBe(403);
    expect((await api.get(path, session)).body.data.title).toBe('Test meeting');
  });

  it('no token creates tokens or changes the password', async () => {
    const write = await createToken({ name: 'Automation', scope: 'write' });
    expectError(await api.post('/api/users/me/tokens', { name: 'Child', scope: 'write' }, write.token), 403);
    expectError(
      await api.put(
        '/api/users/me/password',
        { currentPassword: 'correct horse', newPassword: 'new password' },
        write.token,
      ),
      403,
    );
  });

  it('an expired token answers 401', async () => {
    const soon = await createToken({
      name: 'Short',
      scope: 'read',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await api.get('/api/projects', soon.token)).status).toBe(200);
    // The hour passes: the stored expiry is moved instead of waiting.
    await server.ctx.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', soon._id)
      .execute();
    expectError(await api.get('/api/projects', soon.token), 401, 'Invalid or expired authentication token');
  });

  it('a revoked token answers 401 at once; only its owner can revoke it', async () => {
    const token = await createToken({ name: 'Doomed', scope: 'write' });
    const other = await api.register();
    expectError(await api.delete(`/api/users/me/tokens/${token._id}`, other.token), 404);
    expect((await api.get('/api/projects', token.token)).status).toBe(200);

    expect((await api.delete(`/api/users/me/tokens/${token._id}`, session)).status).toBe(204);
    expectError(await api.get('/api/projects', token.token), 401);
    expectError(await api.delete(`/api/users/me/tokens/${token._id}`, session), 404);
    const list = (await api.get('/api/users/me/tokens', session)).body.data.tokens;
    expect(list.map((t: { _id: string }) => t._id)).not.toContain(token._id);
  });

  it('an unknown token and bad requests get clear errors', async () => {
    expectError(await api.get('/api/projects', 'pat_not-a-real-token'), 401);
    const noScope = await api.post('/api/users/me/tokens', { name: 'x' }, session);
    expectError(noScope, 400);
    const past = await api.post(
      '/api/users/me/tokens',
      { name: 'x', scope: 'read', expiresAt: '2020-01-01T00:00:00Z' },
      session,
    );
    expectError(past, 400);
    expect(JSON.stringify(past.body.errors)).toContain('The expiry date must be in the future');
  });
});
