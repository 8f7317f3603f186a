import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

/** Personal access tokens of the signed-in user (docs/decisions/170). */
export function apiTokenRoutes(router: Router, ctx: AppContext) {
  const { apiTokens } = ctx.services;
  router.handle(routes.listApiTokens, async (request) => ok({ tokens: await apiTokens.list(request.userId) }));
  router.handle(routes.createApiToken, async (request) => ok(await apiTokens.create(request.userId, request.body)));
  router.handle(routes.revokeApiToken, async (request) => {
    await apiTokens.revoke(request.userId, request.params.id);
  });
}
