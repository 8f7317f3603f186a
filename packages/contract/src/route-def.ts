import type { z } from 'zod';

/** The shape of one entry of the route table (routes.ts) and the types both ends derive from it. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a success reply carries: a JSON body (its schema), nothing (null, as with 204), or something
 * that is not JSON: a file's bytes, a text/event-stream, a redirect.
 */
export type ReplyBody = z.ZodType | null | 'file' | 'event-stream' | 'redirect';

/**
 * What the caller must be allowed to do (docs/decisions/222), resolved in one place on the server
 * (services/access.ts): `public` anyone; `self` any signed-in account, on its own things only; `admin` the
 * instance's admins; `project.*` the caller's role on the project the path names (`/api/projects/:id`, or the
 * project of `:meetingId`): read (viewer), write (editor), manage (owner). Non-members get 404, members
 * whose role falls short 403.
 */
export const PERMISSIONS = ['public', 'self', 'admin', 'project.read', 'project.write', 'project.manage'] as const;
export type Permission = (typeof PERMISSIONS)[number];
export type ProjectPermission = Extract<Permission, `project.${string}`>;

export interface RouteDef {
  method: HttpMethod;
  /** Fastify's spelling: `:name` for a path parameter. */
  path: string;
  /** The OpenAPI group. */
  tag: string;
  /** Who may call it; `public` routes are open to anyone and check whatever they need themselves. */
  permission: Permission;
  /** A signed-in session only, never a personal access token (docs/decisions/170). */
  sessionOnly?: true;
  /**
   * Work that grows with what it reads (an export, a search, a question, a summary): counts toward the
   * user's heavy requests in flight; past the limit it waits in a short line, then is refused with a 429
   * (docs/decisions/206).
   */
  heavy?: true;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** The JSON request body; 'multipart' for an upload the route reads itself; 'raw' for bytes (audio). */
  body?: z.ZodType | 'multipart' | 'raw';
  /** Success replies by status. Errors are always the ErrorBody shape and are not listed. */
  replies: Record<number, ReplyBody>;
  description?: string;
  /** Left out of the OpenAPI document (browser navigations such as the OpenID redirects). */
  hidden?: true;
}

/** `GET /api/projects/:id`: how a route is named in messages and in the web tests' fake API. */
export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method} ${route.path}` as const;

/** The route's path with its `:name` parameters filled in (URL-encoded). */
export function routePath(route: Pick<RouteDef, 'path'>, params: Record<string, string | number> = {}): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The 2xx status a route answers with when all goes well (the lowest one listed). */
export function successStatus(route: Pick<RouteDef, 'replies'>): number {
  const statuses = Object.keys(route.replies)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  return Math.min(...statuses);
}

type Ok = 200 | 201 | 202;

/** The schema of a route's success JSON reply; never when it has none. */
export type SuccessSchema<R extends RouteDef> = {
  [S in keyof R['replies']]: S extends Ok ? (R['replies'][S] extends z.ZodType ? R['replies'][S] : never) : never;
}[keyof R['replies']];

/** The parsed success reply (the `{success: true, data}` envelope); undefined for a route without one. */
export type ReplyOf<R extends RouteDef> = [SuccessSchema<R>] extends [never] ? undefined : z.output<SuccessSchema<R>>;

/** What a server handler may return as a reply body: any listed JSON reply, before serialisation. */
export type ReplyInput<R extends RouteDef> = {
  [S in keyof R['replies']]: R['replies'][S] extends z.ZodType ? z.input<R['replies'][S]> : undefined;
}[keyof R['replies']];

export type ParamsOf<R extends RouteDef> = R extends { params: infer P extends z.ZodType } ? z.output<P> : unknown;
export type QueryOf<R extends RouteDef> = R extends { query: infer Q extends z.ZodType } ? z.output<Q> : unknown;
export type BodyOf<R extends RouteDef> = R extends { body: infer B extends z.ZodType } ? z.output<B> : unknown;

/** Declares one table entry, keeping its literal method, path and reply statuses for the types above. */
export const route = <const R extends RouteDef>(def: R): R => def;
