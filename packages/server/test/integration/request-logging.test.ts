import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/app.ts';
import { apiClient } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// What an operator sees at the default level: changes and errors, not the web app's polls.
interface Line {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}
const INFO = 30;
const DEBUG = 20;

async function serverWithCapturedLogs(level: string) {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  const server = await startTestServer({ LOG_LEVEL: level }, { log: () => pino(loggerOptions(level), sink) });
  return { server, lines };
}

/** The request each log line is about, found through its request id. */
function requestLines(lines: Line[], method: string, url: string) {
  const ids = new Set(
    lines.filter((l) => l.req?.method === method && l.req.url === url).map((l) => (l as { reqId?: string }).reqId),
  );
  return lines.filter((l) => ids.has((l as { reqId?: string }).reqId));
}

describe('request logs', () => {
  let info: { server: TestServer; lines: Line[] };
  let debug: { server: TestServer; lines: Line[] };
  beforeAll(async () => {
    info = await serverWithCapturedLogs('info');
    debug = await serverWithCapturedLogs('debug');
  });
  afterAll(async () => {
    await info.server.close();
    await debug.server.close();
  });

  async function traffic(server: TestServer) {
    const api = apiClient(server.url);
    const { token, projectId: project } = await api.registerWithProject('Logged');
    for (let i = 0; i < 3; i++) {
      await api.get('/api/projects', token);
      await api.get(`/api/projects/${project}/meetings`, token);
      await api.get('/api/health');
    }
    return project as string;
  }

  it('at info: sign-ups and changes are logged, polls and health checks are not', async () => {
    const project = await traffic(info.server);
    expect(requestLines(info.lines, 'POST', '/auth/register').length).toBeGreaterThan(0);
    expect(requestLines(info.lines, 'POST', '/api/projects').length).toBeGreaterThan(0);
    expect(requestLines(info.lines, 'GET', '/api/projects')).toEqual([]);
    expect(requestLines(info.lines, 'GET', `/api/projects/${project}/meetings`)).toEqual([]);
    expect(requestLines(info.lines, 'GET', '/api/health')).toEqual([]);
  });

  it('at debug: polls are there, one line each, at debug level with their status', async () => {
    await traffic(debug.server);
    const polls = requestLines(debug.lines, 'GET', '/api/projects');
    expect(polls).toHaveLength(3);
    for (const line of polls) {
      expect(line.level).toBe(DEBUG);
      expect(line.res?.statusCode).toBe(200);
    }
    const changes = requestLines(debug.lines, 'POST', '/api/projects');
    expect(changes.every((l) => l.level === INFO)).toBe(true);
  });

  it("at debug: a share link's token is in no line, on its page or its API", async () => {
    const api = apiClient(debug.server.url);
    const token = 'Zm9yZ2VkLXNoYXJlLXRva2VuLWZvci10aGUtbG9nLXRlc3Q';
    await api.get(`/api/shared/${token}`);
    await api.get(`/api/shared/${token}/audio`);
    await api.get(`/s/${token}`);
    expect(requestLines(debug.lines, 'GET', '/api/shared/[redacted]/audio')).not.toEqual([]);
    expect(requestLines(debug.lines, 'GET', '/s/[redacted]')).not.toEqual([]);
    expect(debug.lines.filter((line) => JSON.stringify(line).includes(token))).toEqual([]);
  });
});
