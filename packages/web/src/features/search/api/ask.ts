import { AskChunkEvent, AskCompleteEvent, AskErrorEvent, type AskRequest, routes } from '@parley/contract';
import { ApiError, CONNECTION_ERROR_MESSAGE, streamRoute } from '@/lib/api-client';

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
  let events: AsyncIterable<{ type: string; data: string }>;
  try {
    events = await streamRoute(routes.ask, { body: request, signal });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error; // cancelled
    throw new AskError(error.isNetworkError ? CONNECTION_ERROR_MESSAGE : error.serverMessage || ASK_FALLBACK_ERROR);
  }
  for await (const event of events) {
    if (event.type === 'chunk') onChunk(AskChunkEvent.parse(JSON.parse(event.data)).text);
    else if (event.type === 'complete') return AskCompleteEvent.parse(JSON.parse(event.data));
    else if (event.type === 'error') {
      throw new AskError(AskErrorEvent.parse(JSON.parse(event.data)).message || ASK_FALLBACK_ERROR);
    }
  }
  throw new AskError(ASK_FALLBACK_ERROR);
}
