import { routes } from '@parley/contract';
import type { AppContext } from '../../context.ts';
import type { Router } from '../router.ts';
import { ok } from '../types.ts';

export function summaryTemplateRoutes(router: Router, ctx: AppContext) {
  const { summaryTemplates } = ctx.services;
  router.handle(routes.listSummaryTemplates, async (request) => ok(await summaryTemplates.list(request.userId)));
  router.handle(routes.createSummaryTemplate, async (request) =>
    ok(await summaryTemplates.create(request.userId, request.body)),
  );
  router.handle(routes.updateSummaryTemplate, async (request) =>
    ok(await summaryTemplates.update(request.userId, request.params.id, request.body)),
  );
  router.handle(routes.deleteSummaryTemplate, async (request) => {
    await summaryTemplates.delete(request.userId, request.params.id);
  });
}
