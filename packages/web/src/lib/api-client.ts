import { ErrorBody, type ReplyOf, type RouteDef, routePath, type ValidationIssue } from '@parley/contract';
import type { z } from 'zod';
import { EventStreamParser, type ServerSentEvent } from './event-stream';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * The web app's one way to the server (spec sections 7-8): requests (apiRequest, callRoute), event
 * streams (apiStream, streamRoute), file downloads (apiDownload, downloadRoute) and uploads with progress
 * (apiUpload, uploadRoute). It adds the bearer token, sends JSON (or passes FormData through), maps 204
 * to `{}` and turns every failure into an ApiError. It never toasts or redirects: callers decide what
 * the user sees. No other file calls fetch or XMLHttpRequest or reads the token
 * (scripts/web-transport.test.mjs).
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

/** A reply's body: JSON when it parses, else the text; null when empty. */
function parseText(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function readBody(response: Response): Promise<unknown> {
  return parseText(await response.text().catch(() => ''));
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

/** The bearer header of the stored session, if there is one. */
function authorization(): Record<string, string> {
  const token = readStorage(STORAGE_KEYS.authToken);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The session's token, kept in local storage and sent by every call of this file; no other file reads
 * or writes it (scripts/web-transport.test.mjs checks).
 */
export const sessionToken = {
  exists: (): boolean => Boolean(readStorage(STORAGE_KEYS.authToken)),
  save: (token: string): void => writeStorage(STORAGE_KEYS.authToken, token),
  forget: (): void => removeStorage(STORAGE_KEYS.authToken),
};

/** A refused request's error: the server's message when it sent one, else 'HTTP {status}: {status text}'. */
function refusal(status: number, statusText: string, payload: unknown): ApiError {
  const error = new ApiError(status, `HTTP ${status}: ${statusText}`, payload);
  const serverMessage = error.serverMessage;
  return serverMessage ? new ApiError(status, serverMessage, payload) : error;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Sends one request with the session's token and the body encoded (JSON, FormData passed through, raw
 * bytes); no reply at all becomes ApiError status 0, a cancelled one stays an AbortError.
 */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, ...options.headers, ...authorization() };
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
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, null);
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  if (response.status === 204) return {} as T;
  const payload = await readBody(response);
  if (!response.ok) throw refusal(response.status, response.statusText, payload);
  return (payload ?? {}) as T;
}

/**
 * Opens a text/event-stream. A refused request rejects as apiRequest does; then the events arrive as
 * the server writes them (lib/event-stream.ts reads them as EventSource would). A connection lost
 * mid-stream throws ApiError status 0 from the loop; leaving the loop early closes the connection.
 */
export async function apiStream(path: string, options: RequestOptions = {}): Promise<AsyncIterable<ServerSentEvent>> {
  const response = await send(path, options, 'text/event-stream');
  if (!response.ok) throw refusal(response.status, response.statusText, await readBody(response));
  return readEvents(response);
}

async function* readEvents(response: Response): AsyncGenerator<ServerSentEvent> {
  if (!response.body) return;
  const parser = new EventStreamParser();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      let result: ReadableStreamReadResult<string>;
      try {
        result = await reader.read();
      } catch (error) {
        if (isAbort(error)) throw error;
        throw new ApiError(0, NETWORK_ERROR_MESSAGE, null);
      }
      if (result.done) return;
      yield* parser.push(result.value);
    }
  } finally {
    reader.cancel().catch(() => undefined); // a loop left early: the server may stop writing
  }
}

/** A file the server sends (an export): its bytes and the reply's headers (its name is in Content-Disposition). */
export async function apiDownload(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; headers: Headers }> {
  const response = await send(path, options, '*/*');
  if (!response.ok) throw refusal(response.status, response.statusText, await readBody(response));
  return { blob: await response.blob(), headers: response.headers };
}

export interface UploadOptions {
  /** 0-100, from the bytes sent so far. */
  onProgress?: (percent: number) => void;
}

/**
 * A multipart upload whose progress the user watches: fetch cannot report upload progress,
 * XMLHttpRequest can (decision 030). The token, the 204 rule and the errors are apiRequest's, so
 * callers can't tell the transports apart.
 */
export function apiUpload<T>(path: string, options: RequestOptions & UploadOptions & { body: FormData }): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', buildUrl(path, options.query));
    for (const [name, value] of Object.entries({
      Accept: 'application/json',
      ...options.headers,
      ...authorization(),
    })) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      if (xhr.status === 204) {
        resolve({} as T);
        return;
      }
      const payload = parseText(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve((payload ?? {}) as T);
      else reject(refusal(xhr.status, xhr.statusText, payload));
    };
    // A dropped connection, a refused one or a blocked one: no HTTP reply at all.
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, null));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(options.body);
  });
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
  return apiRequest<ReplyOf<R>>(...requestOf(route, input));
}

/** One route's event stream (apiStream), addressed as callRoute addresses it. */
export function streamRoute<R extends RouteDef>(
  route: R,
  ...[input]: Partial<CallInput<R>> extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>]
): Promise<AsyncIterable<ServerSentEvent>> {
  return apiStream(...requestOf(route, input));
}

/** One route's file (apiDownload), addressed as callRoute addresses it. */
export function downloadRoute<R extends RouteDef>(
  route: R,
  ...[input]: Partial<CallInput<R>> extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>]
): Promise<{ blob: Blob; headers: Headers }> {
  return apiDownload(...requestOf(route, input));
}

/** A multipart route's upload with progress (apiUpload): its path parameters, the form, and onProgress. */
export function uploadRoute<R extends RouteDef & { body: 'multipart' }>(
  route: R,
  input: ParamsInput<R> & { body: FormData; signal?: AbortSignal } & UploadOptions,
): Promise<ReplyOf<R>> {
  const [path, options] = requestOf(route, input);
  return apiUpload<ReplyOf<R>>(path, { ...options, body: input.body, onProgress: input.onProgress });
}

/** A route's path (its parameters filled in) and the request options of a call's input. */
function requestOf(route: RouteDef, input: unknown): [string, RequestOptions] {
  const { params, query, body, signal, headers } = (input ?? {}) as CallInput<RouteDef> & {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  };
  return [routePath(route, params), { method: route.method, query, body, signal, headers }];
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
