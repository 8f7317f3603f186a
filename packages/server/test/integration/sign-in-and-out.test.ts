// Issue 21, findings 3 and 9: a pasted sign-in link signs nobody in (with OIDC: oidc.test.ts), and
// signing out ends the session on the server while the user's other sessions go on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, expectError } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
});
afterAll(() => server.close());

const login = async (email: string, password: string) =>
  (await api.post('/auth/login', { email, password })).body.data.token as string;

describe('POST /auth/logout', () => {
  it("ends this session everywhere (401) while the same user's other sessions go on", async () => {
    const { token: first, email, password } = await api.register('Leaver');
    const second = await login(email, password);
    const projectId = (await api.post('/api/projects', { name: 'Kept' }, first)).body.data._id;

    const out = await api.request('POST', '/auth/logout', { token: first });
    expect(out.status).toBe(204);
    expect(out.body).toBe('');

    const ended = 'Your session is no longer valid. Please sign in again.';
    expectError(await api.get('/api/users/me', first), 401, ended);
    expectError(await api.get('/api/projects', first), 401, ended);
    expectError(await api.get(`/api/projects/${projectId}/meetings`, first), 401, ended);
    expectError(await api.request('POST', '/auth/logout', { token: first }), 401, ended);

    expect((await api.get('/api/users/me', second)).status).toBe(200);
    expect((await api.get(`/api/projects/${projectId}/meetings`, second)).status).toBe(200);
    // Signing in again makes a new session.
    expect((await api.get('/api/users/me', await login(email, password))).status).toBe(200);
  });

  it('needs a session token: 401 without one, in the error shape', async () => {
    expectError(await api.request('POST', '/auth/logout'), 401, 'Authentication required');
    expectError(await api.request('POST', '/auth/logout', { token: 'not-a-token' }), 401);
  });
});

describe('the sign-in landing without an identity provider', () => {
  it('trades no pasted token for a session: a session token is not a sign-in code', async () => {
    const { token } = await api.register('Victim');
    const pasted = await api.post('/auth/signin/exchange', { code: token });
    expectError(pasted, 401, 'Invalid or expired authentication token');
    expect(pasted.headers.get('set-cookie')).toMatch(/^parley_sign_in=; Path=\/auth\/signin; Max-Age=0/);
    expectError(await api.post('/auth/signin/exchange', {}), 400);
  });
});
