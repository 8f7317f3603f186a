import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

export function memberRoutes(router: Router, ctx: AppContext) {
  const { members } = ctx.services;
  router.handle(routes.listMembers, async ({ params }) => ok(await members.list(params.id)));
  router.handle(routes.addMember, async ({ userId, params, body }) => ok(await members.add(userId, params.id, body)));
  router.handle(routes.updateMember, async ({ params, body }) =>
    ok(await members.setRole(params.id, params.userId, body.role)),
  );
  router.handle(routes.removeMember, async (request) => {
    await members.remove({ userId: request.userId, access: granted(request.projectAccess) }, request.params.userId);
  });
}

/** The project access the route's permission resolved; a project route always has it. */
export function granted<T>(access: T | undefined): T {
  if (!access) throw new Error('a project route ran without its access decided');
  return access;
}
