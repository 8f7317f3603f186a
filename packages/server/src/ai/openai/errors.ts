import OpenAI from 'openai';
import { AiEngineError } from '../types.ts';

/** Turns the client's failures into messages a user can act on; an abort stays an abort. */
export function describeFailure(
  error: unknown,
  { baseUrl, timeoutSeconds }: { baseUrl: string; timeoutSeconds: number },
): unknown {
  if (error instanceof AiEngineError) return error;
  if (error instanceof OpenAI.APIUserAbortError || (error instanceof Error && error.name === 'AbortError'))
    return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError || error instanceof IdleTimeoutError) {
    return new AiEngineError(`The AI service did not answer within ${timeoutSeconds} seconds`, {
      retryable: true,
      cause: error,
    });
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new AiEngineError(`Could not reach the AI service at ${baseUrl}`, { retryable: true, cause: error });
  }
  if (error instanceof OpenAI.AuthenticationError) {
    return new AiEngineError('The AI service refused the API key (HTTP 401); check AI_API_KEY', {
      retryable: false,
      cause: error,
    });
  }
  if (error instanceof OpenAI.APIError && error.status) {
    const detail = error.message.replace(/^\d{3}\s*/, '').slice(0, 300);
    return new AiEngineError(`The AI service answered HTTP ${error.status}${detail ? `: ${detail}` : ''}`, {
      retryable: error.status === 429 || error.status >= 500,
      cause: error,
    });
  }
  return error;
}

/** A stream that stopped sending for longer than the timeout. */
export class IdleTimeoutError extends Error {}
