import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.ts';
import type { TokenSigner } from '../../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    userId: string;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Routes registered inside this plugin's scope require a valid session token. */
export function requireAuth(app: FastifyInstance, tokens: TokenSigner) {
  app.decorateRequest('userId', '');
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Authentication required');
    const claims = await tokens.verify(token, 'session');
    if (!claims) throw unauthorized('Invalid or expired authentication token');
    request.userId = claims.userId;
  });
}
