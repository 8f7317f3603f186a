import { routes } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { fail, setupFakeApi } from '@/test/fake-api';
import { ApiError, apiDownload, NETWORK_ERROR_MESSAGE, streamRoute } from './api-client';
import type { ServerSentEvent } from './event-stream';

const server = setupFakeApi();
const SSE = { 'Content-Type': 'text/event-stream' };

/** A Blob's text through FileReader (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

async function all(events: AsyncIterable<ServerSentEvent>): Promise<ServerSentEvent[]> {
  const seen: ServerSentEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

describe('streamRoute (text/event-stream through the client)', () => {
  it('sends the token and the JSON body, and yields the events as written', async () => {
    localStorage.setItem('auth_token', 'secret');
    async function* parts() {
      yield ': keep-alive\n\nevent: chunk\ndata: {"text":"Hel';
      yield 'lo"}\n\nevent: complete\r\ndata: {"answer":"Hello",\r\ndata: "citations":[]}\r\n\r\n';
    }
    server.on('POST /api/ask', () => ({ headers: SSE, raw: parts() }));
    const events = await all(await streamRoute(routes.ask, { body: { question: 'When?' } }));
    expect(events).toEqual([
      { type: 'chunk', data: '{"text":"Hello"}', id: '' },
      { type: 'complete', data: '{"answer":"Hello",\n"citations":[]}', id: '' },
    ]);
    const request = server.requests.at(-1);
    expect(request?.headers.authorization).toBe('Bearer secret');
    expect(request?.headers.accept).toBe('text/event-stream');
    expect(request?.body).toEqual({ question: 'When?' });
  });

  it('rejects a refused request as every call does: the server message, else the status', async () => {
    server.on('POST /api/ask', () => fail(404, 'Meeting not found'));
    await expect(streamRoute(routes.ask, { body: { question: 'x' } })).rejects.toMatchObject({
      status: 404,
      message: 'Meeting not found',
    });
    server.on('POST /api/ask', () => ({ status: 502, statusText: 'Bad Gateway' }));
    await expect(streamRoute(routes.ask, { body: { question: 'x' } })).rejects.toMatchObject({
      status: 502,
      message: 'HTTP 502: Bad Gateway',
    });
  });

  it('gives status 0 when the server cannot be reached', async () => {
    server.on('POST /api/ask', () => ({ dropConnection: true }));
    const error = await streamRoute(routes.ask, { body: { question: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('closes the connection when the reader leaves early', async () => {
    let closed!: () => void;
    const gone = new Promise<void>((resolve) => {
      closed = resolve;
    });
    async function* endless() {
      try {
        for (let i = 0; ; i++) {
          yield `data: ${i}\n\n`;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      } finally {
        closed();
      }
    }
    server.on('GET /api/meetings/:meetingId/live/stream', () => ({ headers: SSE, raw: endless() }));
    for await (const event of await streamRoute(routes.liveStream, { params: { meetingId: 'm1' } })) {
      if (event.data === '2') break;
    }
    await gone; // the fake server's writer was ended by the closed socket
  });
});

describe('apiDownload', () => {
  it('returns the bytes and the headers of a file, with the token sent', async () => {
    localStorage.setItem('auth_token', 'secret');
    server.on('GET /api/meetings/:meetingId/export', () => ({
      headers: { 'Content-Type': 'text/plain', 'Content-Disposition': 'attachment; filename="a.txt"' },
      raw: 'hello',
    }));
    const file = await apiDownload('/api/meetings/m1/export', { query: { format: 'txt' } });
    expect(await textOf(file.blob)).toBe('hello');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="a.txt"');
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer secret');
    expect(server.requests.at(-1)?.query.get('format')).toBe('txt');
  });

  it('rejects a refusal with the server message', async () => {
    server.on('GET /api/meetings/:meetingId/export', () => fail(400, 'Unknown format'));
    await expect(apiDownload('/api/meetings/m1/export')).rejects.toMatchObject({
      status: 400,
      message: 'Unknown format',
    });
  });
});
