import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { setApiBaseUrl } from '@/lib/api-client';
import { contractViolations } from './contract-routes';

/**
 * A tiny real HTTP server for tests: the app's fetch calls cross a real socket, so headers, status
 * codes, empty 204 bodies and JSON parsing are exercised as in the browser. Each test registers the
 * routes it needs; unknown routes answer 404 with the server's error shape. Every request body the
 * app sends and every reply a test serves is checked against the contract (test/contract-routes.ts):
 * a drift between the web app, its tests and the server fails the test.
 */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
  params: Record<string, string>;
}

export interface FakeReply {
  status?: number;
  statusText?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Hold the reply until this promise settles (to observe loading states). */
  delay?: Promise<unknown>;
  /** Drop the connection without answering, as when the server is unreachable. */
  dropConnection?: boolean;
  /** A body sent as it is (set its content-type in `headers`), e.g. a text/event-stream. */
  raw?: string;
}

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: FakeHandler;
}

export interface FakeApi {
  url: string;
  /** Register a handler: `on('GET /api/people/:id', ...)`. Later registrations win. */
  on(route: string, handler: FakeHandler): void;
  /** Every request received, in order. */
  requests: FakeRequest[];
  /** Exchanges that broke the contract since the last reset (setupFakeApi fails the test on any). */
  violations: string[];
  /** For a test that serves a broken reply on purpose (the app's defence against it). */
  allowContractBreaks(...patterns: RegExp[]): void;
  /** Forget all routes and recorded requests (between tests). */
  reset(): void;
  close(): Promise<void>;
}

export const ok = (data: unknown, status = 200): FakeReply => ({ status, body: { success: true, data } });
export const dropped = (): FakeReply => ({ dropConnection: true });
export const fail = (status: number, message?: string): FakeReply => ({
  status,
  body: message === undefined ? undefined : { success: false, message },
});

function compile(route: string): Route & { handler: never } {
  const [method, path] = route.split(' ') as [string, string];
  const keys: string[] = [];
  const source = path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { method, pattern: new RegExp(`^${source}$`), keys, handler: undefined as never };
}

export async function startFakeApi(): Promise<FakeApi> {
  const routes: Route[] = [];
  const requests: FakeRequest[] = [];
  const violations: string[] = [];
  const allowed: RegExp[] = [];

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = raw;
    const json = Boolean(raw) && String(req.headers['content-type']).includes('application/json');
    if (json) body = JSON.parse(raw);

    const route = [...routes].reverse().find((r) => r.method === req.method && r.pattern.test(url.pathname));
    const params: Record<string, string> = {};
    if (route) {
      const match = route.pattern.exec(url.pathname)!;
      route.keys.forEach((key, index) => {
        params[key] = decodeURIComponent(match[index + 1]!);
      });
    }
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      params,
    };
    requests.push(request);

    const reply: FakeReply = route
      ? await route.handler(request)
      : { status: 404, body: { success: false, message: 'Route not found' } };
    if (route && !reply.dropConnection) {
      const found = contractViolations(
        request.method,
        request.path,
        { body, json },
        { status: reply.status ?? 200, body: reply.body },
      );
      violations.push(...found.filter((problem) => !allowed.some((pattern) => pattern.test(problem))));
    }
    if (reply.delay) await reply.delay;
    if (reply.dropConnection) {
      req.socket.destroy();
      return;
    }
    const status = reply.status ?? 200;
    res.statusCode = status;
    if (reply.statusText) res.statusMessage = reply.statusText;
    for (const [key, value] of Object.entries(reply.headers ?? {})) res.setHeader(key, value);
    if (reply.raw !== undefined) {
      res.end(reply.raw);
      return;
    }
    if (reply.body === undefined || status === 204) {
      res.end();
      return;
    }
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(reply.body));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  setApiBaseUrl(url);

  return {
    url,
    requests,
    violations,
    allowContractBreaks(...patterns) {
      allowed.push(...patterns);
    },
    on(route, handler) {
      routes.push({ ...compile(route), handler });
    },
    reset() {
      routes.length = 0;
      requests.length = 0;
      violations.length = 0;
      allowed.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One fake server per test file, reset after each test. */
export function setupFakeApi(): FakeApi {
  const api = {} as FakeApi;
  beforeAll(async () => {
    Object.assign(api, await startFakeApi());
  });
  afterEach(() => {
    const broken = [...api.violations];
    api.reset();
    setApiBaseUrl(api.url);
    if (broken.length > 0) throw new Error(`Contract violations:\n${broken.join('\n')}`);
  });
  afterAll(() => api.close());
  return api;
}
