import {
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ReplyInput,
  type RouteDef,
  routeKey,
  routes,
  successStatus,
} from '@parley/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, onRequestHookHandler } from 'fastify';
import type { z } from 'zod';
import { clientClosed } from '../lib/errors.ts';
import type { HeavyRequestLimit } from '../lib/heavy-requests.ts';

/** A request whose params, query and body are the route's own schemas, already validated. */
export type RouteRequest<R extends RouteDef> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: ParamsOf<R>;
  query: QueryOf<R>;
  body: BodyOf<R>;
};

/**
 * A thin handler: it returns the success reply's body (sent with the route's success status: 201 for a
 * create, nothing for 204), or the reply itself when it answers otherwise (a file, a stream, a 503).
 */
export type RouteHandler<R extends RouteDef> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler of a 204 route returns nothing at all
) => Promise<ReplyInput<R> | FastifyReply | void>;

export interface Router {
  handle<R extends RouteDef>(route: R, handler: RouteHandler<R>): void;
}

/** The Fastify schema of a table entry: validation, reply serialisation and the OpenAPI document. */
function schemaOf(route: RouteDef): FastifySchema {
  const response: Record<number, z.ZodType> = {};
  for (const [status, reply] of Object.entries(route.replies)) {
    if (reply !== null && typeof reply === 'object') response[Number(status)] = reply;
  }
  return {
    tags: [route.tag],
    ...(route.params && { params: route.params }),
    ...(route.query && { querystring: route.query }),
    ...(route.body === 'multipart' && { consumes: ['multipart/form-data'] }),
    ...(typeof route.body === 'object' && { body: route.body }),
    ...(Object.keys(response).length > 0 && { response }),
    ...(route.description && { description: route.description }),
    ...(route.hidden && { hide: true }),
    // Open routes need no bearer token in the OpenAPI document either.
    ...(route.permission === 'public' && { security: [] }),
  } as FastifySchema;
}

/**
 * Waits for the user's turn among their heavy requests (lib/heavy-requests.ts), which ends when the answer
 * has been sent or the client went away ('close'); a client that goes away while waiting leaves the line.
 */
export async function heavyTurn(heavy: HeavyRequestLimit, request: FastifyRequest, reply: FastifyReply) {
  const gone = new AbortController();
  const onClose = () => reply.raw.writableFinished || gone.abort(clientClosed());
  reply.raw.once('close', onClose);
  const leave = await heavy.enter(request.userId, gone.signal).finally(() => reply.raw.off('close', onClose));
  reply.raw.once('close', leave);
}

/**
 * Registers table entries on `app`; every route not marked public first runs `authenticate`
 * (plugins/auth.ts), then `authorize` resolves the permission it declares (plugins/access.ts): before the
 * body is read or validated, so a caller without access learns nothing and uploads nothing. A heavy route
 * then waits for the user's turn (`heavy`).
 */
export function createRouter(
  app: FastifyInstance,
  authenticate: onRequestHookHandler,
  authorize: (route: RouteDef) => onRequestHookHandler | undefined,
  heavy: HeavyRequestLimit,
): Router {
  return {
    handle(route, handler) {
      const status = successStatus(route);
      const authorized = authorize(route);
      app.route({
        method: route.method,
        url: route.path,
        schema: schemaOf(route),
        ...(route.permission !== 'public' && { onRequest: authorized ? [authenticate, authorized] : authenticate }),
        ...(route.sessionOnly && { config: { sessionOnly: true } }),
        handler: async (request, reply) => {
          if (route.heavy) await heavyTurn(heavy, request, reply);
          const result = await handler(request as unknown as RouteRequest<typeof route>, reply);
          if (result === reply || reply.sent) return reply;
          reply.status(status);
          return status === 204 ? reply.send() : result;
        },
      });
    },
  };
}

/** Swagger UI's own pages live under /api but are not part of the API. */
const isApiRoute = (path: string) =>
  (path.startsWith('/api/') || path.startsWith('/auth/') || path === '/api' || path === '/auth') &&
  !(path === '/api/docs' || path.startsWith('/api/docs/'));

/** Collects every route registered on `app` from now on (Fastify's onRoute hook), as `METHOD path`. */
export function collectRoutes(app: FastifyInstance): string[] {
  const seen: string[] = [];
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    for (const method of methods) {
      // Fastify adds a HEAD beside every GET by itself.
      if (method !== 'HEAD' && isApiRoute(options.url)) seen.push(`${method} ${options.url}`);
    }
  });
  return seen;
}

/** What differs between the registered /api and /auth routes and the contract's table; [] when nothing. */
export function routeTableMismatches(registered: readonly string[], table: readonly RouteDef[]): string[] {
  const listed = new Set(table.map(routeKey));
  const served = new Set(registered);
  return [
    ...[...served]
      .filter((key) => !listed.has(key as never))
      .map((key) => `${key} is registered but not in the route table (packages/contract/src/routes.ts)`),
    ...[...listed].filter((key) => !served.has(key)).map((key) => `${key} is in the route table but not registered`),
  ];
}

/** Start-up check: the server refuses to run with a route spelled outside the table or a table entry unserved. */
export function assertRoutesMatchTable(registered: readonly string[]) {
  const problems = routeTableMismatches(registered, Object.values(routes));
  if (problems.length > 0) throw new Error(`The routes and the route table disagree:\n${problems.join('\n')}`);
}
