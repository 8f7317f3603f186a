import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

export function authRoutes(router: Router, ctx: AppContext) {
  const { users } = ctx.services;
  router.handle(routes.login, async (request) => ok(await users.login(request.body, request.ip)));
  router.handle(routes.register, async (request) => ok(await users.register(request.body)));

  // The web app shows a 'Sign in with {name}' button for each provider listed here.
  const { oidc } = ctx.config;
  const providers = oidc ? [{ id: 'oidc', name: oidc.displayName, url: routes.oidcStart.path }] : [];
  router.handle(routes.authProviders, async () => ok({ providers, registrationEnabled: ctx.config.allowRegistration }));
}
