import type { JobHandler } from '../jobs/worker.ts';
import type { WebhooksService } from '../services/webhooks.ts';

/** Posts an endpoint's pending deliveries: the webhooks service's work (services/webhook-delivery.ts). */
export function deliverWebhooksHandler({
  webhooks,
}: {
  webhooks: Pick<WebhooksService, 'deliver'>;
}): JobHandler<'deliver-webhooks'> {
  return {
    name: 'deliver-webhooks',
    run: ({ webhookId }, ctx) => webhooks.deliver(webhookId, ctx),
  };
}
