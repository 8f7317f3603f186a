import { type Meeting, routePath, routes, SummaryStreamEvent, type SummaryStreamRequest } from '@parley/contract';
import { ApiError, apiStream } from '@/lib/api-client';

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
  try {
    // The route reads its optional body itself (the contract's table declares none), hence apiStream.
    const path = routePath(routes.summaryStream, { id: projectId, meetingId });
    const events = await apiStream(path, { method: 'POST', body: options, signal });
    for await (const { data } of events) {
      const event = parse(data);
      if (event?.type === 'chunk') onChunk(event.content);
      else if (event?.type === 'complete') return event.meeting;
      else if (event?.type === 'error') throw new SummaryStreamError(event.message || SUMMARY_FALLBACK_ERROR);
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error; // an error event, or cancelled
    if (error.isNetworkError) throw new SummaryStreamError(SUMMARY_FALLBACK_ERROR);
    throw new SummaryStreamError(error.serverMessage ? `HTTP ${error.status}: ${error.serverMessage}` : error.message);
  }
  throw new SummaryStreamError(SUMMARY_FALLBACK_ERROR);
}

/** One event's data; anything that is not a summary event is skipped. */
function parse(data: string): SummaryStreamEvent | null {
  try {
    const parsed = SummaryStreamEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
