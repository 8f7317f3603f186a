import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

/** The signed-in user's webhook endpoints and their delivery logs (docs/decisions/171). */
export function webhookRoutes(router: Router, ctx: AppContext) {
  const { webhooks } = ctx.services;
  router.handle(routes.listWebhooks, async (request) => ok({ webhooks: await webhooks.list(request.userId) }));
  router.handle(routes.createWebhook, async (request) => ok(await webhooks.create(request.userId, request.body)));
  router.handle(routes.updateWebhook, async (request) =>
    ok(await webhooks.update(request.userId, request.params.id, request.body)),
  );
  router.handle(routes.deleteWebhook, async (request) => {
    await webhooks.delete(request.userId, request.params.id);
  });
  router.handle(routes.webhookDeliveries, async (request) =>
    ok({ deliveries: await webhooks.deliveries(request.userId, request.params.id) }),
  );
  router.handle(routes.testWebhook, async (request) => ok(await webhooks.sendTest(request.userId, request.params.id)));
}
