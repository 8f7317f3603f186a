import type { ApiTokenScope } from '@parley/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { type ApiTokensService, isApiToken } from '../../services/api-tokens.ts';
import type { SessionsService } from '../../services/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    userId: string;
    /** The session token's id, when it has one. */
    sessionId: string | undefined;
    /** Set when the request came with a personal access token: what that token may do. */
    tokenScope: ApiTokenScope | undefined;
    /** Set when the request came with a personal access token: its id. */
    apiTokenId: string | undefined;
  }
  interface FastifyContextConfig {
    /** Only a signed-in session may call this route, never a personal access token (docs/decisions/170). */
    sessionOnly?: boolean;
  }
}

export interface Authenticators {
  sessions: SessionsService;
  apiTokens: ApiTokensService;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** The bearer's user: a personal access token (it starts with `pat_`) or a session token. Throws a 401. */
export async function authenticateBearer(token: string, { sessions, apiTokens }: Authenticators) {
  if (isApiToken(token)) {
    const access = await apiTokens.authenticate(token);
    return { userId: access.userId, sessionId: undefined, tokenScope: access.scope, apiTokenId: access.tokenId };
  }
  const claims = await sessions.authenticate(token, 'session');
  return { userId: claims.userId, sessionId: claims.sessionId, tokenScope: undefined, apiTokenId: undefined };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The hook that guards every route the table does not mark public: a valid session token or personal
 * access token of an existing user, whose id the handlers then read from the request. A `read` token
 * may only read; no token may call a route the table marks `sessionOnly`.
 */
export function authentication(app: FastifyInstance, authenticators: Authenticators): onRequestHookHandler {
  app.decorateRequest('userId', '');
  app.decorateRequest('sessionId', undefined);
  app.decorateRequest('tokenScope', undefined);
  app.decorateRequest('apiTokenId', undefined);
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Authentication required');
    const access = await authenticateBearer(token, authenticators);
    if (access.tokenScope && request.routeOptions.config.sessionOnly) {
      throw forbidden('A personal access token cannot do this: sign in to Parley instead');
    }
    if (access.tokenScope === 'read' && !READS.has(request.method)) {
      throw forbidden('This token can only read: create a token with the write scope');
    }
    request.userId = access.userId;
    request.sessionId = access.sessionId;
    request.tokenScope = access.tokenScope;
    request.apiTokenId = access.apiTokenId;
  };
}
