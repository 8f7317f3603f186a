import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

// Reads (the web app's polls every few seconds, health checks, static files) would bury everything
// else at info: they are logged at debug, changes and sign-ins (/auth, including an identity
// provider's GET redirects) at info, and server errors always (docs/decisions/043).
export const isRoutineRequest = (request: Pick<FastifyRequest, 'method' | 'url'>) =>
  (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/auth/');

/** Fastify's request logging, with routine reads moved down to one `debug` line each. */
export class QuietReadsLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (!isRoutineRequest(request)) super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (error || !isRoutineRequest(request)) return super.requestCompleted(error, request, reply, metadata);
    reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (!isRoutineRequest(request)) super.routeNotFound(request, reply, metadata);
  }
}
