import {
  LOGOUT_PATH,
  LoginRequest,
  LoginResponse,
  ProvidersResponse,
  RegisterRequest,
  SIGN_IN_EXCHANGE_PATH,
  SignInExchangeRequest,
  SignInExchangeResponse,
} from '@parley/contract';
import type { AppContext } from '../../context.ts';
import { httpOnlyCookie, readCookie, SIGN_IN_COOKIE, SIGN_IN_COOKIE_PATH } from '../cookies.ts';
import { bearerToken } from '../plugins/auth.ts';
import { ok, type ZodApp } from '../types.ts';

export function authRoutes(app: ZodApp, ctx: AppContext) {
  const { users } = ctx.services;

  app.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: LoginRequest, response: { 200: LoginResponse } } },
    async (request) => ok(await users.login(request.body, request.ip)),
  );

  app.post(
    '/auth/register',
    { schema: { tags: ['auth'], body: RegisterRequest, response: { 201: LoginResponse } } },
    async (request, reply) => reply.status(201).send(ok(await users.register(request.body))),
  );

  // The sign-in landing's code is worth a session only with the cookie of the flow that made it, and
  // only once: the cookie is deleted whatever the outcome (decision 106).
  app.post(
    SIGN_IN_EXCHANGE_PATH,
    { schema: { tags: ['auth'], body: SignInExchangeRequest, response: { 200: SignInExchangeResponse } } },
    async (request, reply) => {
      const secure = (ctx.config.oidc?.publicUrl ?? '').startsWith('https:');
      reply.header('set-cookie', httpOnlyCookie(SIGN_IN_COOKIE, '', { path: SIGN_IN_COOKIE_PATH, maxAge: 0, secure }));
      const token = await ctx.services.sessions.exchangeLandingCode(
        request.body.code,
        readCookie(request, SIGN_IN_COOKIE),
      );
      return ok({ token });
    },
  );

  // The web app shows a 'Sign in with {name}' button for each provider listed here.
  const { oidc } = ctx.config;
  const providers = oidc ? [{ id: 'oidc', name: oidc.displayName, url: '/auth/oidc' }] : [];
  app.get('/api/auth/providers', { schema: { tags: ['auth'], response: { 200: ProvidersResponse } } }, async () =>
    ok({ providers, registrationEnabled: ctx.config.allowRegistration }),
  );
}

/** Routes of a signed-in session (registered inside the authenticated scope). */
export function sessionRoutes(app: ZodApp, ctx: AppContext) {
  const { sessions } = ctx.services;
  app.post(
    LOGOUT_PATH,
    {
      schema: { tags: ['auth'], description: 'Signs this session out: its token answers 401 from now on (204).' },
      config: { sessionOnly: true },
    },
    async (request, reply) => {
      // The scope's hook has checked the token; its expiry says how long the revocation must be kept.
      await sessions.revoke(await sessions.authenticate(bearerToken(request)!, 'session'));
      return reply.status(204).send();
    },
  );
}
