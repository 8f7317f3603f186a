import { routes } from '@parley/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, ok, startFakeApi } from '@/test/fake-api';
import { makeMeeting, makeProject, makeUser } from '@/test/fixtures';
import { ApiError, apiRequest, callRoute, errorMessage, NETWORK_ERROR_MESSAGE, setApiBaseUrl } from './api-client';

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
  it('builds the URL from the route table entry and its params', async () => {
    server.on('DELETE /api/people/:id', () => ({ status: 204 }));
    await callRoute(routes.deletePerson, { params: { id: 'a b/c' } });
    expect(server.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/people/a%20b%2Fc' });
  });

  it('sends the bearer token from localStorage when one exists', async () => {
    const user = makeUser();
    server.on('GET /api/users/me', () => ok(user));
    await callRoute(routes.me);
    expect(server.requests.at(-1)?.headers.authorization).toBeUndefined();

    localStorage.setItem('auth_token', 'secret-token');
    await expect(callRoute(routes.me)).resolves.toEqual({ success: true, data: user });
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer secret-token');
  });

  it('sends JSON bodies with a JSON content type', async () => {
    server.on('POST /api/projects', (req) => ok(makeProject(req.body as object), 201));
    const reply = await callRoute(routes.createProject, { body: { name: 'Alpha' } });
    expect(reply.data.name).toBe('Alpha');
    expect(server.requests.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('passes multipart bodies through with the browser-chosen boundary', async () => {
    server.on('POST /api/projects/:id/meetings', (req) =>
      ok(makeMeeting({ title: `${req.headers['content-type']} ${req.body}` }), 201),
    );
    // The runtime's own FormData (the one its fetch encodes), as the browser's is for the browser's fetch.
    const probe = await new Request('http://localhost/', {
      method: 'POST',
      body: new URLSearchParams('a=b'),
    }).formData();
    const RuntimeFormData = probe.constructor as typeof FormData;
    const form = new RuntimeFormData();
    form.set('title', 'Standup');
    const reply = await apiRequest<{ data: { title: string } }>('/api/projects/p1/meetings', {
      method: 'POST',
      body: form,
    });
    expect(reply.data.title).toMatch(/^multipart\/form-data; boundary=/);
    expect(reply.data.title).toContain('Standup');
  });

  it('turns a 204 reply into an empty object', async () => {
    server.on('DELETE /api/projects/:id', () => ({ status: 204 }));
    await expect(callRoute(routes.deleteProject, { params: { id: 'p1' } })).resolves.toEqual({});
    expect(server.requests.at(-1)?.path).toBe('/api/projects/p1');
  });

  it('accepts an abort signal', async () => {
    const user = makeUser();
    server.on('GET /api/users/me', () => ok(user));
    const controller = new AbortController();
    await expect(callRoute(routes.me, { signal: controller.signal })).resolves.toEqual({ success: true, data: user });
  });

  it('builds query strings and skips empty values', async () => {
    server.on('GET /api/people/:id/transcriptions', () =>
      ok({ transcriptions: [], pagination: { page: 1, pages: 0, total: 0, limit: 100 } }),
    );
    await callRoute(routes.personTranscriptions, {
      params: { id: 'p1' },
      query: { limit: 100, search: '', page: undefined },
    });
    expect(server.requests.at(-1)?.query.toString()).toBe('limit=100');
  });

  it("uses the server's message and keeps status and body on errors", async () => {
    server.on('POST /auth/login', () => ({
      status: 401,
      body: { success: false, message: 'Invalid email or password' },
    }));
    const body = { email: 'ada@example.com', password: 'wrong' };
    const error = await callRoute(routes.login, { body }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      message: 'Invalid email or password',
      body: { success: false, message: 'Invalid email or password' },
    });
  });

  it("falls back to 'HTTP {status}: {statusText}' when the server sent no message", async () => {
    server.on('GET /api/users/me', () => ({ status: 502, statusText: 'Bad Gateway', body: { success: false } }));
    const error = (await callRoute(routes.me).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('HTTP 502: Bad Gateway');
    expect(error.status).toBe(502);
    expect(error.serverMessage).toBeUndefined();
  });

  it('reports a network failure as status 0 with a generic message', async () => {
    setApiBaseUrl('http://127.0.0.1:1');
    const error = (await callRoute(routes.me).catch((e: unknown) => e)) as ApiError;
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
