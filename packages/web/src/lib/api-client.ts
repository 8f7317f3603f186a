import { ErrorBody, type ReplyOf, type RouteDef, routePath, type ValidationIssue } from '@parley/contract';
import type { z } from 'zod';
import { readStorage, STORAGE_KEYS } from './storage';

/**
 * The one fetch wrapper (spec sections 7-8). It adds the bearer token, sends JSON (or passes FormData
 * through), maps 204 to `{}` and turns every failure into an ApiError. It never toasts or redirects:
 * callers decide what the user sees.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's own `message` field, when the reply carried one. */
  get serverMessage(): string | undefined {
    const body = this.body;
    if (body && typeof body === 'object' && 'message' in body) {
      const message = (body as { message: unknown }).message;
      if (typeof message === 'string' && message.trim()) return message;
    }
    return undefined;
  }

  /** True when no HTTP reply was received at all. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error: unable to reach the server';

let baseUrl: string = import.meta.env.VITE_API_URL ?? '';

/** Where requests go. Empty means the page's own origin (the server serves the app and the API). */
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/+$/, '');
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

/** FormData from any realm (page, iframe, test runtime) goes out as multipart. */
function isFormData(value: unknown): value is FormData {
  return (
    (typeof FormData !== 'undefined' && value instanceof FormData) ||
    Object.prototype.toString.call(value) === '[object FormData]'
  );
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A Blob's bytes; FileReader where Blob.arrayBuffer is missing (Safari before 14, jsdom). */
function blobBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = readStorage(STORAGE_KEYS.authToken);
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (isFormData(options.body)) {
    body = options.body; // the browser sets the multipart boundary itself
  } else if (typeof Blob !== 'undefined' && options.body instanceof Blob) {
    // Raw bytes (a recording's chunk), read first: fetch sends a Blob of another realm as text.
    headers['Content-Type'] = options.body.type || 'application/octet-stream';
    body = await blobBytes(options.body);
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, null);
  }

  if (response.status === 204) return {} as T;

  const payload = await readBody(response);
  if (!response.ok) {
    const error = new ApiError(response.status, `HTTP ${response.status}: ${response.statusText}`, payload);
    const serverMessage = error.serverMessage;
    throw serverMessage ? new ApiError(response.status, serverMessage, payload) : error;
  }
  return (payload ?? {}) as T;
}

type ParamsInput<R> = R extends { params: infer P extends z.ZodType } ? { params: z.input<P> } : { params?: never };
type QueryInput<R> = R extends { query: infer Q extends z.ZodType }
  ? { query?: { [K in keyof z.output<Q>]?: QueryValue } }
  : { query?: never };
type BodyInput<R> = R extends { body: infer B extends z.ZodType }
  ? { body: z.input<B> }
  : R extends { body: 'raw' }
    ? { body: Blob }
    : { body?: never };

/** What a call of `route` needs: its path parameters, query and JSON body, typed by the contract. */
export type CallInput<R extends RouteDef> = ParamsInput<R> &
  QueryInput<R> &
  BodyInput<R> & { signal?: AbortSignal; headers?: Record<string, string> };

/**
 * Calls one route of the contract's table (packages/contract/src/routes.ts): the URL, method, the
 * body's and the reply's types all come from the table entry, so no path is spelled in the web app.
 */
export function callRoute<R extends RouteDef>(
  route: R,
  ...[input]: Partial<CallInput<R>> extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>]
): Promise<ReplyOf<R>> {
  const { params, query, body, signal, headers } = (input ?? {}) as CallInput<RouteDef> & {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  };
  return apiRequest<ReplyOf<R>>(routePath(route, params), { method: route.method, query, body, signal, headers });
}

/** The `{success: true, data}` envelope every JSON reply uses (the contract's type). */
export type { Envelope } from '@parley/contract';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export const CONNECTION_ERROR_MESSAGE = 'Unable to connect to the server';

/**
 * What the screens show for a failure (spec section 8): the server's message when it sent one,
 * otherwise the screen's fallback; no reply at all (or a non-API failure) gives the connection message.
 */
export function errorMessage(error: unknown, fallback: string, connectionMessage = CONNECTION_ERROR_MESSAGE): string {
  if (error instanceof ApiError && !error.isNetworkError) return error.serverMessage ?? fallback;
  return connectionMessage;
}

/** The per-field issues of a 400 in the error shape (`errors: [{path, message}]`), e.g. `sections.1.heading`. */
export function fieldIssues(error: unknown): ValidationIssue[] {
  if (!(error instanceof ApiError)) return [];
  return ErrorBody.safeParse(error.body).data?.errors ?? [];
}
