import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { unauthorized } from '../../lib/errors.ts';
import type { SessionsService } from '../../services/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    userId: string;
    /** The session token's id, when it has one. */
    sessionId: string | undefined;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * The hook that guards every route the table does not mark public: a valid session token of an
 * existing user, whose id the handlers then read from the request.
 */
export function sessionAuthentication(app: FastifyInstance, sessions: SessionsService): onRequestHookHandler {
  app.decorateRequest('userId', '');
  app.decorateRequest('sessionId', undefined);
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Authentication required');
    const claims = await sessions.authenticate(token, 'session');
    request.userId = claims.userId;
    request.sessionId = claims.sessionId;
  };
}
