import { LoginRequest, LoginResponse, ProvidersResponse, RegisterRequest } from '@parley/contract';
import type { AppContext } from '../../context.ts';
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

  // The web app shows a 'Sign in with {name}' button for each provider listed here.
  const { oidc } = ctx.config;
  const providers = oidc ? [{ id: 'oidc', name: oidc.displayName, url: '/auth/oidc' }] : [];
  app.get('/api/auth/providers', { schema: { tags: ['auth'], response: { 200: ProvidersResponse } } }, async () =>
    ok({ providers, registrationEnabled: ctx.config.allowRegistration }),
  );
}
