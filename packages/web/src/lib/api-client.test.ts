import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, ok, startFakeApi } from '@/test/fake-api';
import { peoplePage } from '@/test/fixtures';
import { ApiError, api, errorMessage, NETWORK_ERROR_MESSAGE, setApiBaseUrl } from './api-client';

let server: FakeApi;
beforeAll(async () => {
  server = await startFakeApi();
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
  setApiBaseUrl(server.url);
});

describe('api client', () => {
  it('sends the bearer token from localStorage when one exists', async () => {
    server.on('GET /api/users/me', () => ok({ name: 'Ada' }));
    await api.get('/api/users/me');
    expect(server.requests.at(-1)?.headers.authorization).toBeUndefined();

    localStorage.setItem('auth_token', 'secret-token');
    await expect(api.get('/api/users/me')).resolves.toEqual({ success: true, data: { name: 'Ada' } });
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer secret-token');
  });

  it('sends JSON bodies with a JSON content type', async () => {
    server.on('POST /api/projects', (req) => ok({ echoed: req.body }, 201));
    const reply = await api.post<{ data: { echoed: unknown } }>('/api/projects', { name: 'Alpha' });
    expect(reply.data.echoed).toEqual({ name: 'Alpha' });
    expect(server.requests.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('passes multipart bodies through with the browser-chosen boundary', async () => {
    server.on('POST /api/upload', (req) => ok({ type: req.headers['content-type'], raw: req.body }));
    // The runtime's own FormData (the one its fetch encodes), as the browser's is for the browser's fetch.
    const probe = await new Request('http://localhost/', {
      method: 'POST',
      body: new URLSearchParams('a=b'),
    }).formData();
    const RuntimeFormData = probe.constructor as typeof FormData;
    const form = new RuntimeFormData();
    form.set('title', 'Standup');
    const reply = await api.post<{ data: { type: string; raw: string } }>('/api/upload', form);
    expect(reply.data.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(reply.data.raw).toContain('Standup');
  });

  it('turns a 204 reply into an empty object', async () => {
    server.on('DELETE /api/projects/:id', () => ({ status: 204 }));
    await expect(api.delete('/api/projects/p1')).resolves.toEqual({});
  });

  it('accepts an abort signal', async () => {
    server.on('GET /api/slow', () => ok({ done: true }));
    const controller = new AbortController();
    await expect(api.get('/api/slow', { signal: controller.signal })).resolves.toEqual({
      success: true,
      data: { done: true },
    });
  });

  it('builds query strings and skips empty values', async () => {
    server.on('GET /api/people', () => ok(peoplePage()));
    await api.get('/api/people', { query: { limit: 100, search: '', page: undefined } });
    expect(server.requests.at(-1)?.query.toString()).toBe('limit=100');
  });

  it("uses the server's message and keeps status and body on errors", async () => {
    server.on('POST /auth/login', () => ({
      status: 401,
      body: { success: false, message: 'Invalid email or password' },
    }));
    const error = await api.post('/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      message: 'Invalid email or password',
      body: { success: false, message: 'Invalid email or password' },
    });
  });

  it("falls back to 'HTTP {status}: {statusText}' when the server sent no message", async () => {
    server.on('GET /api/broken', () => ({ status: 502, statusText: 'Bad Gateway', body: { success: false } }));
    const error = (await api.get('/api/broken').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('HTTP 502: Bad Gateway');
    expect(error.status).toBe(502);
    expect(error.serverMessage).toBeUndefined();
  });

  it('reports a network failure as status 0 with a generic message', async () => {
    setApiBaseUrl('http://127.0.0.1:1');
    const error = (await api.get('/api/users/me').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe('errorMessage', () => {
  it('prefers the server message, then the fallback, and maps no reply to the connection text', () => {
    expect(errorMessage(new ApiError(400, 'Name taken', { message: 'Name taken' }), 'Failed')).toBe('Name taken');
    expect(errorMessage(new ApiError(500, 'HTTP 500: Internal Server Error', null), 'Failed')).toBe('Failed');
    expect(errorMessage(new ApiError(0, NETWORK_ERROR_MESSAGE, null), 'Failed')).toBe(
      'Unable to connect to the server',
    );
    expect(errorMessage(new TypeError('boom'), 'Failed')).toBe('Unable to connect to the server');
  });
});
