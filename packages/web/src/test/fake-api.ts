import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorBody, type RouteDef, type RouteKey, routeKey, routes } from '@parley/contract';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { z } from 'zod';
import { setApiBaseUrl } from '@/lib/api-client';

/**
 * A tiny real HTTP server for tests: the app's fetch calls cross a real socket, so headers, status
 * codes, empty 204 bodies and JSON parsing are exercised as in the browser. It serves the routes of
 * the contract's table (packages/contract/src/routes.ts) and nothing else: each test registers the
 * ones it needs by the table's name for them; unregistered ones answer 404 with the error shape.
 * Every request body the app sends and every reply a test serves is checked against the table entry,
 * so a drift between the web app, its tests and the server fails the test.
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
  /**
   * A body sent as it is (set its content-type in `headers`), e.g. a text/event-stream; given as parts,
   * each is written when the iterator yields it, so a test can hold a stream half-sent.
   */
  raw?: string | AsyncIterable<string>;
}

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

interface Route {
  method: string;
  key: string;
  pattern: RegExp;
  keys: string[];
  handler: FakeHandler;
}

export interface FakeApi {
  url: string;
  /** Register a handler: `on('GET /api/people/:id', ...)`, a route of the table. Later registrations win. */
  on(route: RouteKey, handler: FakeHandler): void;
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

const TABLE = new Map<string, RouteDef>(Object.values(routes).map((entry) => [routeKey(entry), entry]));

function compile(key: string): Route & { handler: never } {
  if (!TABLE.has(key)) throw new Error(`${key} is not a route of the contract's table`);
  const [method, path] = key.split(' ') as [string, string];
  const keys: string[] = [];
  const source = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    keys.push(name);
    return '([^/]+)';
  });
  return { method, key, pattern: new RegExp(`^${source}$`), keys, handler: undefined as never };
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/**
 * What is wrong with one exchange on a table route, judged by its entry; [] when nothing is. A JSON
 * request body is checked when the route declares one; a reply by its status: the listed JSON schema,
 * no body where the route sends none, the error shape for 4xx/5xx with a body.
 */
export function contractViolations(
  key: string,
  request: { body: unknown; json: boolean },
  reply: { status: number; body: unknown },
): string[] {
  const entry = TABLE.get(key);
  if (!entry) return [`${key} is not a route of the contract's table`];
  const problems: string[] = [];
  if (typeof entry.body === 'object' && request.json) {
    const parsed = entry.body.safeParse(request.body);
    if (!parsed.success) problems.push(`${key}: request body breaks the contract: ${describeIssues(parsed.error)}`);
  }
  let schema: z.ZodType | undefined;
  if (reply.status >= 400) {
    if (reply.body !== undefined) schema = ErrorBody;
  } else {
    const declared = entry.replies[reply.status];
    if (declared === undefined) problems.push(`${key}: the server never answers ${reply.status}`);
    else if (declared === null && reply.body !== undefined)
      problems.push(`${key}: a ${reply.status} reply has no body`);
    else if (declared !== null && typeof declared === 'object') schema = declared;
  }
  if (schema && reply.body !== undefined) {
    const parsed = schema.safeParse(reply.body);
    if (!parsed.success)
      problems.push(`${key}: ${reply.status} reply breaks the contract: ${describeIssues(parsed.error)}`);
  }
  return problems;
}

/** jsdom's XMLHttpRequest applies CORS: the fake answers preflights and allows any origin, as a proxy would. */
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Authorization, Accept, Content-Type',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
};

export async function startFakeApi(): Promise<FakeApi> {
  const routes: Route[] = [];
  const requests: FakeRequest[] = [];
  const violations: string[] = [];
  const allowed: RegExp[] = [];

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
      return;
    }
    for (const [key, value] of Object.entries(CORS)) res.setHeader(key, value);
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
      const found = contractViolations(route.key, { body, json }, { status: reply.status ?? 200, body: reply.body });
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
    if (typeof reply.raw === 'string') {
      res.end(reply.raw);
      return;
    }
    if (reply.raw !== undefined) {
      res.flushHeaders();
      for await (const part of reply.raw) {
        if (res.destroyed) break; // the client went away: its iterator is closed (its finally runs)
        res.write(part);
      }
      res.end();
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
