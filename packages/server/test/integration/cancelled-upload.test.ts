// Issue 21, finding 10: a user who cancels an upload closes the connection mid-body. That is no error
// of the server's: it is logged at info, never as an "unhandled error", and the server goes on.
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loggerOptions } from '../../src/app.ts';
import { apiClient } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  err?: { message: string };
}
const INFO = 30;
let server: TestServer;
const lines: Line[] = [];
const waiting: Array<() => void> = [];

/** Resolves with the first log line that matches, now or when it is written. */
function logLine(matches: (line: Line) => boolean): Promise<Line> {
  return new Promise((resolve) => {
    const check = () => {
      const found = lines.find(matches);
      if (!found) return false;
      resolve(found);
      return true;
    };
    if (!check()) waiting.push(() => void check());
  });
}

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text));
      for (const wake of waiting) wake();
      done();
    },
  });
  server = await startTestServer({ LOG_LEVEL: 'info' }, { log: () => pino(loggerOptions('info'), sink) });
});
afterAll(() => server.close());

it('a cancelled upload is logged at info, not as an unhandled error', async () => {
  const api = apiClient(server.url);
  const { token, projectId } = await api.registerWithProject('Cancelled');
  const url = `/api/projects/${projectId}/meetings`;
  const boundary = 'cancelled-upload';
  const socket = connect({ host: '127.0.0.1', port: Number(new URL(server.url).port) });
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  socket.write(
    [
      `POST ${url} HTTP/1.1`,
      'Host: parley.test',
      `Authorization: Bearer ${token}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      'Content-Length: 1000000',
      '',
      `--${boundary}`,
      'Content-Disposition: form-data; name="audioFile"; filename="long.wav"',
      'Content-Type: audio/wav',
      '',
      '',
    ].join('\r\n'),
  );
  socket.write(Buffer.alloc(100_000, 1));
  // The server has the request once it logs it; then the user cancels.
  const started = await logLine((line) => line.req?.url === url);
  socket.destroy();

  const outcome = await logLine((line) => line.reqId === started.reqId && line.err !== undefined);
  expect(outcome).toMatchObject({ level: INFO, msg: 'request cancelled by the client' });
  expect(lines.filter((line) => line.level > INFO && line.reqId === started.reqId)).toEqual([]);
  expect((await api.get('/api/health')).status).toBe(200);
});
