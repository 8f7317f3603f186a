import {
  CreateWebhookRequest,
  CreateWebhookResponse,
  Id,
  UpdateWebhookRequest,
  WebhookDeliveriesResponse,
  WebhookListResponse,
  WebhookResponse,
  WebhookTestResponse,
} from '@parley/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, type ZodApp } from '../types.ts';

const Params = z.object({ id: Id });

/** The signed-in user's webhook endpoints and their delivery logs (docs/decisions/171). */
export function webhookRoutes(app: ZodApp, ctx: AppContext) {
  const { webhooks } = ctx.services;
  const tags = ['webhooks'];

  app.get('/api/webhooks', { schema: { tags, response: { 200: WebhookListResponse } } }, async (request) =>
    ok({ webhooks: await webhooks.list(request.userId) }),
  );

  app.post(
    '/api/webhooks',
    { schema: { tags, body: CreateWebhookRequest, response: { 201: CreateWebhookResponse } } },
    async (request, reply) => reply.status(201).send(ok(await webhooks.create(request.userId, request.body))),
  );

  app.put(
    '/api/webhooks/:id',
    { schema: { tags, params: Params, body: UpdateWebhookRequest, response: { 200: WebhookResponse } } },
    async (request) => ok(await webhooks.update(request.userId, request.params.id, request.body)),
  );

  app.delete('/api/webhooks/:id', { schema: { tags, params: Params } }, async (request, reply) => {
    await webhooks.delete(request.userId, request.params.id);
    return reply.status(204).send();
  });

  app.get(
    '/api/webhooks/:id/deliveries',
    { schema: { tags, params: Params, response: { 200: WebhookDeliveriesResponse } } },
    async (request) => ok({ deliveries: await webhooks.deliveries(request.userId, request.params.id) }),
  );

  // "Send test event": queues a webhook.test delivery and answers it as it stands (pending).
  app.post(
    '/api/webhooks/:id/test',
    { schema: { tags, params: Params, response: { 202: WebhookTestResponse } } },
    async (request, reply) => reply.status(202).send(ok(await webhooks.sendTest(request.userId, request.params.id))),
  );
}
