import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jfkWavPath } from '../fixtures/audio.ts';
import { apiClient, expectError } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// Multipart bodies that lie about their boundary or stop half-way: a clear 400, nothing stored.
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let projectId: string;
const wav = readFileSync(jfkWavPath());

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  ({ token, projectId } = await api.registerWithProject('Uploads'));
});
afterAll(() => server.close());

const filesUnder = (dir: string) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()) : [];

function multipart(boundary: string, opts: { close?: boolean } = {}) {
  const head = (name: string, extra = '') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
  return Buffer.concat([
    Buffer.from(`${head('title')}\r\nBroken\r\n${head('recordingType')}\r\nupload\r\n`),
    Buffer.from(`${head('audioFile', '; filename="a.wav"')}Content-Type: audio/wav\r\n\r\n`),
    wav,
    Buffer.from(opts.close === false ? '\r\n' : `\r\n--${boundary}--\r\n`),
  ]);
}

const cases: Array<[string, string | undefined, Buffer, number?]> = [
  ['a body using another boundary', 'multipart/form-data; boundary=XYZ', multipart('OTHER')],
  ['no closing boundary', 'multipart/form-data; boundary=XYZ', multipart('XYZ', { close: false })],
  ['an empty boundary parameter', 'multipart/form-data; boundary=', multipart('XYZ')],
  ['no boundary parameter', 'multipart/form-data', multipart('XYZ')],
  ['a non-multipart body', 'multipart/form-data; boundary=XYZ', Buffer.from('just some text, no parts at all')],
  ['a JSON body', 'application/json', Buffer.from('{"title":"x"}')],
  ['no content type', undefined, Buffer.from('raw bytes'), 415],
];

describe('malformed multipart uploads', () => {
  it.each(cases)('%s answers 4xx and stores nothing', async (_name, contentType, body, status = 400) => {
    const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
    const res = await api.request('POST', `/api/projects/${projectId}/meetings`, { token, raw: body, headers });
    expectError(res, status, status === 400 ? /multipart\/form-data/ : /content type/i);
    expect(res.body.message).not.toMatch(/internal/i);
    expect((await api.get(`/api/projects/${projectId}/meetings`, token)).body.data.meetings).toEqual([]);
    expect((await api.get('/api/users/me', token)).body.data.currentMonthUsage.duration).toBe(0);
    expect(filesUnder(join(server.ctx.config.dataDir, 'audio'))).toHaveLength(0);
    expect(filesUnder(join(server.ctx.config.dataDir, 'tmp'))).toHaveLength(0);
  });
});
