import { type Meeting, routePath, routes, SummaryStreamEvent, type SummaryStreamRequest } from '@parley/contract';
import { buildUrl } from '@/lib/api-client';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';

export const SUMMARY_FALLBACK_ERROR = 'Failed to generate summary';

/** A failed summary request or an error event; the message is what the tab shows. */
export class SummaryStreamError extends Error {}

/**
 * POSTs to the summary stream and reads its `data: ` events (spec section 7): each chunk goes to
 * `onChunk`, a complete event resolves with the meeting, an error event rejects with its message. A
 * refused request rejects with 'HTTP {status}: {text}' (spec section 8), the text being the server's
 * message when it sent one. `options` picks the template and output language (docs/decisions/143).
 */
export async function streamSummary(
  projectId: string,
  meetingId: string,
  {
    onChunk,
    signal,
    options = {},
  }: { onChunk: (content: string) => void; signal?: AbortSignal; options?: SummaryStreamRequest },
): Promise<Meeting> {
  const headers: Record<string, string> = { Accept: 'text/event-stream', 'Content-Type': 'application/json' };
  const token = readStorage(STORAGE_KEYS.authToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(routePath(routes.summaryStream, { id: projectId, meetingId })), {
      method: 'POST',
      headers,
      body: JSON.stringify(options),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new SummaryStreamError(SUMMARY_FALLBACK_ERROR);
  }
  if (!response.ok || !response.body) {
    throw new SummaryStreamError(`HTTP ${response.status}: ${await failureText(response)}`);
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    let result: ReadableStreamReadResult<string>;
    try {
      result = await reader.read();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new SummaryStreamError(SUMMARY_FALLBACK_ERROR);
    }
    if (result.done) break;
    buffer += result.value;
    let boundary = buffer.indexOf('\n\n');
    while (boundary >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const event = parseEvent(block);
      if (event?.type === 'chunk') onChunk(event.content);
      else if (event?.type === 'complete') return event.meeting;
      else if (event?.type === 'error') throw new SummaryStreamError(event.message || SUMMARY_FALLBACK_ERROR);
      boundary = buffer.indexOf('\n\n');
    }
  }
  throw new SummaryStreamError(SUMMARY_FALLBACK_ERROR);
}

/** One SSE block: its `data:` lines joined; comments (keep-alives) and unknown events are skipped. */
function parseEvent(block: string): SummaryStreamEvent | null {
  const data = block
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''))
    .join('\n');
  if (!data) return null;
  try {
    const parsed = SummaryStreamEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function failureText(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  } catch {
    // not JSON: fall through to the status text
  }
  return response.statusText || text || 'Request failed';
}
