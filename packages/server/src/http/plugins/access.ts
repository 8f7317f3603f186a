import type { RouteDef } from '@parley/contract';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { type AccessService, type ProjectAccess, projectTarget } from '../../services/access.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's standing in the project the route names, for routes that name one. */
    projectAccess: ProjectAccess | undefined;
    /**
     * The account whose rows the handler reads and writes: the project's holder on a project's routes
     * (a shared project's rows stay under its creator, decision 220), the caller on their own.
     */
    holderId: string;
  }
}

/**
 * The hook that resolves a route's declared permission through the one access service, right after
 * authentication (path parameters are known; the body is not read yet). Checked when the route is registered: a project permission on a path that
 * names no project stops the server from starting.
 */
export function authorization(app: FastifyInstance, access: AccessService) {
  app.decorateRequest('projectAccess', undefined);
  app.decorateRequest('holderId', '');
  return (route: RouteDef): onRequestHookHandler | undefined => {
    if (route.permission === 'public') return undefined;
    if (route.permission.startsWith('project.')) projectTarget(route.path);
    return async (request) => {
      // Malformed path parameters are the validation's 400, which follows and stops the request before
      // its handler: nothing is decided on them.
      if (route.params && !route.params.safeParse(request.params).success) return;
      const granted = await access.requireRoute(
        route.permission,
        route.path,
        request.userId,
        request.params as Record<string, unknown>,
      );
      request.projectAccess = granted;
      request.holderId = granted?.holderId ?? request.userId;
    };
  };
}
