import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

export function searchRoutes(router: Router, ctx: AppContext) {
  const { search } = ctx.services;
  router.handle(routes.searchMeeting, async (request) =>
    ok(await search.inMeeting(request.holderId, request.params.meetingId, request.query, request.userId)),
  );
  router.handle(routes.globalSearch, async (request) => ok(await search.everywhere(request.userId, request.query)));
  router.handle(routes.searchProject, async (request) =>
    ok(await search.inProject(request.holderId, request.params.id, request.query, request.userId)),
  );
}
