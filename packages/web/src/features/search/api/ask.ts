import { AskChunkEvent, AskCompleteEvent, AskErrorEvent, type AskRequest, routes } from '@parley/contract';
import { buildUrl } from '@/lib/api-client';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';

export const ASK_FALLBACK_ERROR = 'Failed to answer the question';

/** A refused question or an error event; the message is what the question box shows. */
export class AskError extends Error {}

/**
 * POSTs the question to /api/ask and reads its named events (decision 163): each `chunk` goes to
 * `onChunk`, `complete` resolves with the answer and its citations, `error` rejects with its message.
 * A refused request (400, 404) rejects with the server's message.
 */
export async function askQuestion(
  request: AskRequest,
  { onChunk, signal }: { onChunk: (text: string) => void; signal?: AbortSignal },
): Promise<AskCompleteEvent> {
  const headers: Record<string, string> = { Accept: 'text/event-stream', 'Content-Type': 'application/json' };
  const token = readStorage(STORAGE_KEYS.authToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(routes.ask.path), {
      method: 'POST',
      headers,
      body: JSON.stringify(request),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new AskError('Unable to connect to the server');
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new AskError(body?.message || ASK_FALLBACK_ERROR);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const result = await reader.read();
    if (result.done) break;
    buffer += result.value;
    let boundary = buffer.indexOf('\n\n');
    while (boundary >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (event && data) {
        const value = JSON.parse(data) as unknown;
        if (event === 'chunk') onChunk(AskChunkEvent.parse(value).text);
        else if (event === 'complete') return AskCompleteEvent.parse(value);
        else if (event === 'error') throw new AskError(AskErrorEvent.parse(value).message || ASK_FALLBACK_ERROR);
      }
      boundary = buffer.indexOf('\n\n');
    }
  }
  throw new AskError(ASK_FALLBACK_ERROR);
}
