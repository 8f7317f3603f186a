import { expect } from 'vitest';
import type { z } from 'zod';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** A small HTTP client for tests: JSON in, parsed JSON out, bearer token when given. */
export function apiClient(baseUrl: string) {
  async function request<T = any>(
    method: string,
    path: string,
    opts: {
      token?: string;
      body?: unknown;
      raw?: string | Uint8Array | FormData;
      headers?: Record<string, string>;
    } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | Uint8Array | FormData | undefined = opts.raw;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if (text && response.headers.get('content-type')?.includes('application/json')) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T };
  }
  async function register(
    name = 'Test User',
    email = `user-${Math.random().toString(36).slice(2)}@example.com`,
    password = 'correct horse',
  ) {
    const res = await request<any>('POST', '/auth/register', { body: { name, email, password } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { token: res.body.data.token as string, user: res.body.data.user, email, password };
  }

  return {
    request,
    register,

    /** Most tests' set-up: a new user (`account` as `register` takes it) with one project named `projectName`. */
    async registerWithProject(projectName: string, ...account: Parameters<typeof register>) {
      const registered = await register(...account);
      const res = await request<any>('POST', '/api/projects', { body: { name: projectName }, token: registered.token });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { ...registered, projectId: res.body.data._id as string };
    },
    get: <T = any>(path: string, token?: string) => request<T>('GET', path, { token }),
    post: <T = any>(path: string, body: unknown, token?: string) => request<T>('POST', path, { body, token }),
    put: <T = any>(path: string, body: unknown, token?: string) => request<T>('PUT', path, { body, token }),
    patch: <T = any>(path: string, body: unknown, token?: string) => request<T>('PATCH', path, { body, token }),
    delete: <T = any>(path: string, token?: string) => request<T>('DELETE', path, { token }),
  };
}

/** Asserts the response matches a contract schema and returns the parsed body. */
export function expectSchema<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success)
    throw new Error(`Response does not match the contract: ${result.error.message}\n${JSON.stringify(body)}`);
  return result.data;
}

export function expectError(res: Pick<ApiResponse<any>, 'status' | 'body'>, status: number, message?: string | RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.success).toBe(false);
  expect(typeof res.body.message).toBe('string');
  if (typeof message === 'string') expect(res.body.message).toBe(message);
  else if (message) expect(res.body.message).toMatch(message);
}
