import { LoginResponse, UserResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, expectError, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
});
afterAll(() => server.close());

describe('health and plumbing', () => {
  it('answers health with the wrapped shape and a request id', async () => {
    const res = await api.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { status: 'ok' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{24}$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('echoes a request id the client sends', async () => {
    const res = await api.request('GET', '/api/health', { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-abc-123');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await api.request('POST', '/auth/login', {
      raw: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 400, 'Request body is not valid JSON');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    expectError(await api.get('/api/nothing-here'), 404);
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await api.get('/api/docs/json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/auth/login', '/api/projects', '/api/people/{id}']),
    );
  });
});

describe('registration', () => {
  it('registers, answers like login, and lowercases the email', async () => {
    const res = await api.post('/auth/register', {
      name: 'Ada Lovelace',
      email: 'Ada@Example.COM',
      password: 'analytical',
    });
    expect(res.status).toBe(201);
    const body = expectSchema(LoginResponse, res.body);
    expect(body.data.user).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(body.data.user.tier.limits).toEqual({ monthlyDuration: 300 * 60, maxFileSize: 100 * 1024 * 1024 });
    const now = new Date();
    expect(body.data.user.currentMonthUsage).toEqual({
      duration: 0,
      month: now.getUTCMonth() + 1,
      year: now.getUTCFullYear(),
    });
  });

  it('refuses a taken email with 409, whatever its case', async () => {
    await api.post('/auth/register', { name: 'First', email: 'taken@example.com', password: 'password1' });
    expectError(
      await api.post('/auth/register', { name: 'Second', email: 'TAKEN@example.com', password: 'password2' }),
      409,
      'An account with this email already exists',
    );
  });

  it('lists every validation issue at once', async () => {
    const res = await api.post('/auth/register', { name: '', email: 'not-an-email', password: 'short' });
    expectError(res, 400);
    const paths = res.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['body.name', 'body.email', 'body.password']));
    expect(res.body.errors.find((e: { path: string }) => e.path === 'body.password').message).toBe(
      'Password must be at least 8 characters',
    );
  });

  it('is refused when ALLOW_REGISTRATION=false', async () => {
    const closed = await startTestServer({ ALLOW_REGISTRATION: 'false' });
    try {
      const closedApi = apiClient(closed.url);
      expectError(
        await closedApi.post('/auth/register', { name: 'No One', email: 'no@example.com', password: 'password1' }),
        403,
      );
      const providers = await closedApi.get('/api/auth/providers');
      expect(providers.body.data).toEqual({ providers: [], registrationEnabled: false });
    } finally {
      await closed.close();
    }
  });
});

describe('login', () => {
  it('signs in with the right password and the token opens /api/users/me', async () => {
    const { email, password } = await api.register('Grace Hopper');
    const res = await api.post('/auth/login', { email: email.toUpperCase(), password });
    expect(res.status).toBe(200);
    const { data } = expectSchema(LoginResponse, res.body);
    const me = await api.get('/api/users/me', data.token);
    expect(expectSchema(UserResponse, me.body).data.email).toBe(email);
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const { email } = await api.register();
    expectError(await api.post('/auth/login', { email, password: 'wrong password' }), 401, 'Invalid email or password');
    expectError(
      await api.post('/auth/login', { email: 'nobody@example.com', password: 'whatever1' }),
      401,
      'Invalid email or password',
    );
  });

  it('requires email and password, with an email format', async () => {
    const res = await api.post('/auth/login', { email: 'nope', password: '' });
    expectError(res, 400);
    expect(res.body.errors).toHaveLength(2);
  });

  it('throttles repeated failures per account with Retry-After', async () => {
    const { email, password } = await api.register();
    for (let i = 0; i < 5; i++) expectError(await api.post('/auth/login', { email, password: 'bad password' }), 401);
    const blocked = await api.post('/auth/login', { email, password });
    expectError(blocked, 429, /Too many failed sign-in attempts/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('rejects missing, malformed and forged tokens with 401', async () => {
    expectError(await api.get('/api/users/me'), 401);
    expectError(await api.get('/api/users/me', 'not-a-jwt'), 401);
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwicHVycG9zZSI6InNlc3Npb24ifQ.c2lnbmF0dXJl';
    expectError(await api.get('/api/users/me', forged), 401);
  });

  it('changes the password and only the new one works afterwards', async () => {
    const { token, email, password } = await api.register();
    expectError(
      await api.put('/api/users/me/password', { currentPassword: 'wrong one', newPassword: 'brand new pass' }, token),
      400,
      'Current password is incorrect',
    );
    const changed = await api.put(
      '/api/users/me/password',
      { currentPassword: password, newPassword: 'brand new pass' },
      token,
    );
    expect(changed.status).toBe(204);
    expectError(await api.post('/auth/login', { email, password }), 401);
    expect((await api.post('/auth/login', { email, password: 'brand new pass' })).status).toBe(200);
  });
});
