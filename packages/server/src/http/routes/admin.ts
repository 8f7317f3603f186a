import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

export function adminRoutes(router: Router, ctx: AppContext) {
  const { admin } = ctx.services;
  router.handle(routes.adminUsers, async ({ query }) => ok(await admin.users(query)));
  router.handle(routes.updateAdminUser, async ({ userId, params, body }) =>
    ok(await admin.update(userId, params.id, body)),
  );
  router.handle(routes.adminOverview, async () => ok(await admin.overview()));
}
