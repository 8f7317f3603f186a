import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';
import { granted } from './members.ts';

export function projectRoutes(router: Router, ctx: AppContext) {
  const { projects } = ctx.services;
  router.handle(routes.listProjects, async (request) => ok({ projects: await projects.list(request.userId) }));
  router.handle(routes.createProject, async (request) => ok(await projects.create(request.userId, request.body)));
  router.handle(routes.getProject, async (request) =>
    ok(await projects.get(request.holderId, request.params.id, granted(request.projectAccess).role)),
  );
  router.handle(routes.updateProject, async (request) =>
    ok(
      await projects.update(
        request.holderId,
        request.params.id,
        request.body,
        granted(request.projectAccess).role,
        request.userId,
      ),
    ),
  );
  router.handle(routes.deleteProject, async (request) => {
    await projects.delete(request.holderId, request.params.id);
  });
}
