import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, expectError } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// A valid signature is not enough: the user must still exist and the token must not predate a
// password change (docs/decisions/041).
let server: TestServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
});
afterAll(() => server.close());

const SESSION_ENDED = 'Your session is no longer valid. Please sign in again.';

/** Every authenticated route, with a body the route would accept. */
const routes: Array<[string, string, unknown?]> = [
  ['GET', '/api/users/me'],
  ['PUT', '/api/users/me/password', { currentPassword: 'correct horse', newPassword: 'another pass' }],
  ['GET', '/api/projects'],
  ['POST', '/api/projects', { name: 'Ghost project' }],
  ['GET', '/api/projects/000000000000000000000000'],
  ['PUT', '/api/projects/000000000000000000000000', { name: 'x' }],
  ['DELETE', '/api/projects/000000000000000000000000'],
  ['GET', '/api/projects/000000000000000000000000/meetings'],
  ['GET', '/api/people'],
  ['POST', '/api/people', { name: 'Ghost person' }],
  ['GET', '/api/people/000000000000000000000000'],
  ['GET', '/api/projects/000000000000000000000000/meetings/000000000000000000000000'],
  ['GET', '/api/projects/000000000000000000000000/meetings/000000000000000000000000/audio'],
  ['GET', '/api/projects/000000000000000000000000/meetings/000000000000000000000000/audio-url'],
];

async function expectEveryRoute401(token: string) {
  for (const [method, path, body] of routes) {
    const res = await api.request(method, path, { token, body });
    expectError(res, 401);
    expect(res.body.message, `${method} ${path}`).toBe(SESSION_ENDED);
  }
}

describe('tokens whose user is gone', () => {
  it('a validly signed token for a user that does not exist answers 401 everywhere', async () => {
    const secret = new TextEncoder().encode(server.ctx.config.jwt.secret);
    const token = await new SignJWT({ sub: '000000000000000000000000', purpose: 'session' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret);
    await expectEveryRoute401(token);
  });

  it('a deleted account’s token stops working, and its data goes with it', async () => {
    const { token, user } = await api.register();
    expect((await api.post('/api/projects', { name: 'Mine' }, token)).status).toBe(201);
    await server.ctx.db.deleteFrom('projects').where('user_id', '=', user._id).execute();
    await server.ctx.db.deleteFrom('users').where('id', '=', user._id).execute();
    await expectEveryRoute401(token);
    const projects = await server.ctx.db.selectFrom('projects').select('id').where('user_id', '=', user._id).execute();
    expect(projects).toEqual([]);
  });
});

describe('a password change', () => {
  it('ends every other session, keeps the one that changed it, and new sign-ins work', async () => {
    const { token: changer, email, password } = await api.register();
    const other = (await api.post('/auth/login', { email, password })).body.data.token as string;
    expect((await api.get('/api/users/me', other)).status).toBe(200);

    const changed = await api.put(
      '/api/users/me/password',
      { currentPassword: password, newPassword: 'brand new pass' },
      changer,
    );
    expect(changed.status).toBe(204);

    expectError(await api.get('/api/users/me', other), 401, SESSION_ENDED);
    expectError(await api.post('/api/projects', { name: 'From the old session' }, other), 401, SESSION_ENDED);
    expect((await api.get('/api/users/me', changer)).status).toBe(200);
    const fresh = (await api.post('/auth/login', { email, password: 'brand new pass' })).body.data.token as string;
    expect((await api.get('/api/projects', fresh)).status).toBe(200);

    // A second change from the new session ends the one that made the first change.
    const again = await api.put(
      '/api/users/me/password',
      { currentPassword: 'brand new pass', newPassword: 'third pass!' },
      fresh,
    );
    expect(again.status).toBe(204);
    expectError(await api.get('/api/users/me', changer), 401, SESSION_ENDED);
    expect((await api.get('/api/users/me', fresh)).status).toBe(200);
  });

  it('deletes the personal access tokens unless asked to keep them, and ends the other sessions either way', async () => {
    const { token, email, password } = await api.register();
    const newToken = async () =>
      (await api.post('/api/users/me/tokens', { name: 'Script', scope: 'write' }, token)).body.data.token as string;
    const pat = await newToken();
    const other = (await api.post('/auth/login', { email, password })).body.data.token as string;
    expect((await api.get('/api/projects', pat)).status).toBe(200);

    expect(
      (await api.put('/api/users/me/password', { currentPassword: password, newPassword: 'second pass' }, token))
        .status,
    ).toBe(204);
    expectError(await api.get('/api/projects', pat), 401);
    expectError(await api.get('/api/users/me', other), 401, SESSION_ENDED);
    expect((await api.get('/api/users/me/tokens', token)).body.data.tokens).toEqual([]);

    const kept = await newToken();
    const another = (await api.post('/auth/login', { email, password: 'second pass' })).body.data.token as string;
    const keeping = { currentPassword: 'second pass', newPassword: 'third pass', keepAccessTokens: true };
    expect((await api.put('/api/users/me/password', keeping, token)).status).toBe(204);
    expect((await api.get('/api/projects', kept)).status).toBe(200);
    expectError(await api.get('/api/users/me', another), 401, SESSION_ENDED);
    expect((await api.get('/api/users/me', token)).status).toBe(200);

    const odd = { currentPassword: 'third pass', newPassword: 'fourth pass', keepAccessTokens: 'yes' };
    expectError(await api.put('/api/users/me/password', odd, token), 400);
  });

  it('ends the signed audio URLs the other sessions were handed before it', async () => {
    const { token, email, password, user, projectId: project } = await api.registerWithProject('Audio');
    const meetingId = '000000000000000000000000';
    const other = (await api.post('/auth/login', { email, password })).body.data.token as string;
    const sessionId = decodeJwt(other).jti as string;
    const audioToken = await server.ctx.tokens.resourceToken(user._id, 0, `meeting:${meetingId}`, 3600, { sessionId });
    const url = `/api/projects/${project}/meetings/${meetingId}/audio?token=${audioToken}`;
    // No such meeting: a 404 from the route shows the token itself was accepted.
    expectError(await api.get(url), 404);
    await api.put('/api/users/me/password', { currentPassword: password, newPassword: 'changed pass' }, token);
    expectError(await api.get(url), 401, SESSION_ENDED);
  });
});
