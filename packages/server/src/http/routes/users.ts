import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

export function userRoutes(router: Router, ctx: AppContext) {
  const { users, meetings } = ctx.services;
  router.handle(routes.me, async (request) => ok(await users.me(request.userId)));
  router.handle(routes.changePassword, async (request) => {
    const { currentPassword, newPassword, keepAccessTokens = false } = request.body;
    await users.changePassword(request.userId, request.sessionId, currentPassword, newPassword, { keepAccessTokens });
  });
  router.handle(routes.recentMeetings, async (request) =>
    ok({ meetings: await meetings.listRecent(request.userId, request.params.userId, request.query.limit) }),
  );
}
