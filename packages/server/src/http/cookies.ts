import type { FastifyRequest } from 'fastify';

/** A cookie's value from the request's Cookie header. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * An HttpOnly cookie scoped to `path`. Lax, not Strict: it must be set on (and come back after) a
 * provider's top-level redirect. `maxAge` 0 deletes it.
 */
export function httpOnlyCookie(name: string, value: string, opts: { path: string; maxAge: number; secure: boolean }) {
  return `${name}=${value}; Path=${opts.path}; Max-Age=${opts.maxAge}; HttpOnly; SameSite=Lax${opts.secure ? '; Secure' : ''}`;
}

/** The web app's sign-in landing trades its code for a session only with this cookie (decision 106). */
export const SIGN_IN_COOKIE = 'parley_sign_in';
export const SIGN_IN_COOKIE_PATH = '/auth/signin';
