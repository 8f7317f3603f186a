import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../helpers/database.ts';
import { type RawResponse, sendRaw } from '../helpers/raw-http.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// Requests no browser sends but any client may: every answer under /api and /auth must still be the
// app's error shape with the right status, never Fastify's or Node's own body and never a 5xx.
let server: TestServer;
let token: string;
let projectId: string;

beforeAll(async () => {
  // A built web app, so an over-long /api path could fall through to the static files if it were let.
  const dist = join(tempDataDir('parley-dist-'), 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Parley</title>');
  mkdirSync(join(dist, 'api'));
  writeFileSync(join(dist, 'api', 'stray.txt'), 'a file the API must never serve');
  server = await startTestServer({ WEB_DIST_DIR: dist });
  const res = await fetch(`${server.url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Raw', email: 'raw@example.com', password: 'correct horse' }),
  });
  token = ((await res.json()) as any).data.token;
  const project = await fetch(`${server.url}/api/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Raw' }),
  });
  projectId = ((await project.json()) as any).data._id;
});
afterAll(() => server.close());

function expectShape(res: RawResponse, status: number, message?: RegExp) {
  expect(res.status, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json, res.body).toMatchObject({ success: false, message: expect.any(String) });
  expect(Object.keys(res.json).filter((k) => !['success', 'message', 'errors'].includes(k))).toEqual([]);
  if (message) expect(res.json.message).toMatch(message);
}

const get = (path: string, headers = '') =>
  `GET ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n${headers}Connection: close\r\n\r\n`;

function post(path: string, body: string, headers: Record<string, string>) {
  const lines = Object.entries({ Host: 'localhost', Authorization: `Bearer ${token}`, ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return `POST ${path} HTTP/1.1\r\n${lines}Connection: close\r\n\r\n${body}`;
}

describe('requests Fastify or Node answer before the app', () => {
  it('a bad URL encoding', async () => {
    expectShape(await sendRaw(server.url, get('/api/projects/%zz')), 400, /address/i);
  });

  it('an over-long path parameter', async () => {
    expectShape(await sendRaw(server.url, get(`/api/projects/${'a'.repeat(500)}`)), 414, /too long/i);
  });

  it('an over-long /api path never falls through to the web app', async () => {
    expectShape(await sendRaw(server.url, get(`/api/${'a'.repeat(5000)}`)), 414, /too long/i);
    expectShape(await sendRaw(server.url, get(`/auth/${'a'.repeat(300)}`)), 414, /too long/i);
    expectShape(await sendRaw(server.url, get('/api/stray.txt')), 404);
  });

  it('a URL longer than the HTTP parser accepts', async () => {
    expectShape(await sendRaw(server.url, get(`/api/projects?q=${'a'.repeat(20_000)}`)), 414, /too long/i);
  });

  it('a 20 kB header', async () => {
    expectShape(await sendRaw(server.url, get('/api/projects', `X-Big: ${'b'.repeat(20_000)}\r\n`)), 431, /header/i);
  });

  it('an unknown method', async () => {
    const res = await sendRaw(server.url, `BREW /api/projects HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expectShape(res, 400, /method/i);
  });

  it('a request id that is too long or not an id is replaced by one of ours', async () => {
    for (const sent of ['r'.repeat(5000), 'with spaces and "quotes"']) {
      const res = await sendRaw(server.url, get('/api/health', `X-Request-Id: ${sent}\r\n`));
      expect(res.status).toBe(200);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{24}$/);
    }
    const kept = await sendRaw(server.url, get('/api/health', 'X-Request-Id: trace-abc.123\r\n'));
    expect(kept.headers['x-request-id']).toBe('trace-abc.123');
  });

  it('a method the route does not have', async () => {
    const res = await sendRaw(server.url, `PATCH /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expectShape(res, 404);
  });

  it('a Content-Length longer than the body', async () => {
    const body = '{"email":"a@b.c"}';
    const res = await sendRaw(
      server.url,
      post('/auth/login', body, { 'Content-Type': 'application/json', 'Content-Length': String(body.length + 50) }),
      { halfClose: true },
    );
    expectShape(res, 400);
  });

  it('a Content-Length shorter than the body', async () => {
    const body = '{"email":"a@b.c","password":"x"}';
    const res = await sendRaw(
      server.url,
      post('/auth/login', body, { 'Content-Type': 'application/json', 'Content-Length': '5' }),
    );
    expectShape(res, 400);
  });

  it('an invalid Content-Length', async () => {
    const res = await sendRaw(
      server.url,
      post('/auth/login', '{}', { 'Content-Type': 'application/json', 'Content-Length': 'lots' }),
    );
    expectShape(res, 400);
  });

  it('invalid JSON', async () => {
    const body = '{"email":';
    const res = await sendRaw(
      server.url,
      post('/auth/login', body, { 'Content-Type': 'application/json', 'Content-Length': String(body.length) }),
    );
    expectShape(res, 400, /JSON/);
  });

  it('an unsupported content type', async () => {
    const res = await sendRaw(
      server.url,
      post('/api/projects', 'name=x', { 'Content-Type': 'text/csv', 'Content-Length': '6' }),
    );
    expectShape(res, 415, /content type/i);
  });

  it('a body over the limit', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(1_100_000) });
    const res = await sendRaw(
      server.url,
      post('/api/projects', body, { 'Content-Type': 'application/json', 'Content-Length': String(body.length) }),
    );
    expectShape(res, 413, /too large/i);
  });

  it('too many multipart files or fields', async () => {
    const boundary = 'XYZ';
    const part = (name: string, file?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: audio/wav` : ''}\r\n\r\nvalue\r\n`;
    const upload = (body: string) =>
      post(`/api/projects/${projectId}/meetings`, body, {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(Buffer.byteLength(body)),
      });
    const files = `${part('a', 'a.wav')}${part('b', 'b.wav')}${part('c', 'c.wav')}--${boundary}--\r\n`;
    expectShape(await sendRaw(server.url, upload(files)), 413, /one audio file and one transcript file/i);
    const fields = `${Array.from({ length: 30 }, (_, i) => part(`f${i}`)).join('')}--${boundary}--\r\n`;
    expectShape(await sendRaw(server.url, upload(fields)), 413, /fields/i);
  });
});
