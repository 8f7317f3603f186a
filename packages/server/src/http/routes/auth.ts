import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import { httpOnlyCookie, readCookie, SIGN_IN_COOKIE, SIGN_IN_COOKIE_PATH } from '../cookies.ts';
import { bearerToken } from '../plugins/auth.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

export function authRoutes(router: Router, ctx: AppContext) {
  const { users } = ctx.services;
  router.handle(routes.login, async (request) => ok(await users.login(request.body, request.ip)));
  router.handle(routes.register, async (request) => ok(await users.register(request.body, request.ip)));

  // The sign-in landing's code is worth a session only with the cookie of the flow that made it, and
  // only once: the cookie is deleted whatever the outcome (decision 106).
  router.handle(routes.signInExchange, async (request, reply) => {
    const secure = (ctx.config.oidc?.publicUrl ?? '').startsWith('https:');
    reply.header('set-cookie', httpOnlyCookie(SIGN_IN_COOKIE, '', { path: SIGN_IN_COOKIE_PATH, maxAge: 0, secure }));
    const token = await ctx.services.sessions.exchangeLandingCode(
      request.body.code,
      readCookie(request, SIGN_IN_COOKIE),
    );
    return ok({ token });
  });

  // The web app shows a 'Sign in with {name}' button for each provider listed here.
  const { oidc } = ctx.config;
  const providers = oidc ? [{ id: 'oidc', name: oidc.displayName, url: routes.oidcStart.path }] : [];
  router.handle(routes.authProviders, async () => ok({ providers, registrationEnabled: ctx.config.allowRegistration }));
}

/** Routes of a signed-in session. */
export function sessionRoutes(router: Router, ctx: AppContext) {
  const { sessions } = ctx.services;
  router.handle(routes.logout, async (request) => {
    // The auth hook has checked the token; its expiry says how long the revocation must be kept.
    await sessions.revoke(await sessions.authenticate(bearerToken(request as never)!, 'session'));
  });
}
