import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

export function actionItemRoutes(router: Router, ctx: AppContext) {
  const { actionItems } = ctx.services;
  router.handle(routes.generateActionItems, async ({ userId, params }) =>
    ok(await actionItems.generate(userId, params.id, params.meetingId)),
  );
  router.handle(routes.listActionItems, async ({ userId, params, query }) =>
    ok(await actionItems.list(userId, params.id, params.meetingId, query)),
  );
  router.handle(routes.createActionItem, async ({ userId, params, body }) =>
    ok(await actionItems.create(userId, params.id, params.meetingId, body)),
  );
  router.handle(routes.updateActionItem, async ({ userId, params, body }) =>
    ok(await actionItems.update(userId, params.id, params.meetingId, params.itemId, body)),
  );
  router.handle(routes.deleteActionItem, async ({ userId, params }) => {
    await actionItems.delete(userId, params.id, params.meetingId, params.itemId);
  });
}
