import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

export function actionItemRoutes(router: Router, ctx: AppContext) {
  const { actionItems } = ctx.services;
  router.handle(routes.generateActionItems, async ({ holderId, params }) =>
    ok(await actionItems.generate(holderId, params.id, params.meetingId)),
  );
  router.handle(routes.listActionItems, async ({ holderId, params, query }) =>
    ok(await actionItems.list(holderId, params.id, params.meetingId, query)),
  );
  router.handle(routes.createActionItem, async ({ holderId, params, body }) =>
    ok(await actionItems.create(holderId, params.id, params.meetingId, body)),
  );
  router.handle(routes.updateActionItem, async ({ holderId, params, body }) =>
    ok(await actionItems.update(holderId, params.id, params.meetingId, params.itemId, body)),
  );
  router.handle(routes.deleteActionItem, async ({ holderId, params }) => {
    await actionItems.delete(holderId, params.id, params.meetingId, params.itemId);
  });
}
