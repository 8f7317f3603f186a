import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

export function actionItemRoutes(router: Router, ctx: AppContext) {
  const { actionItems } = ctx.services;
  router.handle(routes.generateActionItems, async ({ holderId, params }) =>
    ok(await actionItems.generate(holderId, params.id, params.meetingId)),
  );
  router.handle(routes.listActionItems, async ({ holderId, userId, params, query }) =>
    ok(await actionItems.list(holderId, params.id, params.meetingId, query, userId)),
  );
  // The caller too: whose contacts an item may be assigned to depends on who assigns (decision 266).
  router.handle(routes.createActionItem, async ({ holderId, userId, params, body }) =>
    ok(await actionItems.create(holderId, params.id, params.meetingId, body, userId)),
  );
  router.handle(routes.updateActionItem, async ({ holderId, userId, params, body }) =>
    ok(await actionItems.update(holderId, params.id, params.meetingId, params.itemId, body, userId)),
  );
  router.handle(routes.deleteActionItem, async ({ holderId, params }) => {
    await actionItems.delete(holderId, params.id, params.meetingId, params.itemId);
  });
}
