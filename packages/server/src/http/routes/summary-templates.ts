import { Id, SummaryTemplateListResponse, SummaryTemplateRequest, SummaryTemplateResponse } from '@parley/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, type ZodApp } from '../types.ts';

const Params = z.object({ id: Id });

export function summaryTemplateRoutes(app: ZodApp, ctx: AppContext) {
  const { summaryTemplates } = ctx.services;
  const tags = ['summary'];
  const base = '/api/summary-templates';

  app.get(base, { schema: { tags, response: { 200: SummaryTemplateListResponse } } }, async (request) =>
    ok(await summaryTemplates.list(request.userId)),
  );

  app.post(
    base,
    { schema: { tags, body: SummaryTemplateRequest, response: { 201: SummaryTemplateResponse } } },
    async (request, reply) => reply.status(201).send(ok(await summaryTemplates.create(request.userId, request.body))),
  );

  app.put(
    `${base}/:id`,
    { schema: { tags, params: Params, body: SummaryTemplateRequest, response: { 200: SummaryTemplateResponse } } },
    async (request) => ok(await summaryTemplates.update(request.userId, request.params.id, request.body)),
  );

  app.delete(`${base}/:id`, { schema: { tags, params: Params } }, async (request, reply) => {
    await summaryTemplates.delete(request.userId, request.params.id);
    return reply.status(204).send();
  });
}
