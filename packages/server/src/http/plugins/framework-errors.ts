import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

// Errors raised before a request reaches the app's error handler: by Node's HTTP parser (a socket
// with no request yet) and by Fastify's router. Both answer in the app's shape, so a client never
// has to understand a second error format.

/** Longest URL path the API accepts, and its longest segment (ids are 24 characters). */
export const MAX_PATH_LENGTH = 2048;
export const MAX_SEGMENT_LENGTH = 255;
const TOO_LONG = 'The address is too long';

/** An onRequest check: Fastify's router only limits parameters, and static files must not see such paths. */
export async function rejectOverlongUrls(request: FastifyRequest) {
  const path = request.url.split('?')[0] ?? '';
  if (path.length > MAX_PATH_LENGTH || path.split('/').some((segment) => segment.length > MAX_SEGMENT_LENGTH)) {
    throw new AppError(414, TOO_LONG);
  }
}

/** Fastify's `frameworkErrors` option: a URL it cannot decode or route. */
export function onFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const [status, message] =
    error.code === 'FST_ERR_BAD_URL'
      ? [400, 'The address is not valid: it contains a malformed %-encoding']
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, TOO_LONG]
        : [400, 'The request could not be routed'];
  return reply.status(status).send({ success: false, message });
}

/** What Node's parser error codes mean for the client, as [status, message]. */
export function clientErrorReply(error: Error & { code?: string; rawPacket?: Buffer }): [number, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW': {
      // The request line alone overflowing the limit is an over-long URL, not a header problem.
      const lineEnd = error.rawPacket?.indexOf('\r\n') ?? 0;
      return lineEnd < 0 || lineEnd > MAX_PATH_LENGTH ? [414, TOO_LONG] : [431, 'The request headers are too large'];
    }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return [408, 'The request took too long to arrive'];
    case 'HPE_INVALID_METHOD':
      return [400, 'Unknown HTTP method'];
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return [400, 'The Content-Length header is not valid'];
    case 'HPE_INVALID_EOF_STATE':
      return [400, 'The request ended before its body was complete (shorter than its Content-Length)'];
    default:
      return [400, 'The request is not valid HTTP'];
  }
}

/** Fastify's `clientErrorHandler` option: a raw socket, so the reply is written by hand. */
export function onClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Like Node's own handler: only answer when no response has started on this connection.
  if (socket.writable && socket.bytesWritten === 0) {
    const [status, message] = clientErrorReply(error);
    const body = JSON.stringify({ success: false, message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
