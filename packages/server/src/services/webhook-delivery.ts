import type { JobContext } from '../jobs/worker.ts';
import { backoffMs } from '../lib/backoff.ts';
import type { webhooksRepository } from '../repositories/webhooks.ts';
import { AddressRefusedError, type PostOptions, postWebhook } from '../webhooks/post.ts';
import { signatureHeader } from '../webhooks/signature.ts';

interface Deps {
  webhooks: ReturnType<typeof webhooksRepository>;
  allowPrivateNetworks: boolean;
  /** JOB_RETRY_DELAY_SECONDS: the first retry's wait; it grows x4 per attempt up to an hour. */
  retryBaseSeconds: number;
  /** Tests narrow the address guard or give their own DNS. */
  post?: Pick<PostOptions, 'isBlocked' | 'lookup'>;
}

/** Deliveries are retried for this long after the event; then they fail and the next one goes. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
const TIMEOUT_MS = 10_000;
/** Deliveries posted by one job run before it hands over (the sweep queues the next run at once). */
const BATCH = 50;

export const webhookRetryDelayMs = (attempt: number, baseSeconds: number) =>
  backoffMs(attempt, baseSeconds, MAX_RETRY_DELAY_MS);

/**
 * The deliver-webhooks job's work (part of the webhooks service): posts one endpoint's pending
 * deliveries, oldest first (docs/decisions/171). A failure (an answer
 * outside 2xx, a timeout, a refused connection) schedules that delivery again with backoff and stops the
 * run, so a later event never overtakes it; the worker's sweep queues the job again when the retry is due.
 * After 24 hours, or at once for a refused private address, the delivery fails and the next one goes.
 */
export function webhookDelivery(deps: Deps) {
  const { webhooks } = deps;
  return {
    async deliver(webhookId: string, { signal, log }: JobContext) {
      for (let i = 0; i < BATCH; i++) {
        const hook = await webhooks.findById(webhookId);
        if (!hook) return log.info('webhook was deleted; nothing to deliver');
        const delivery = await webhooks.nextPending(webhookId);
        if (!delivery) return;
        if (delivery.next_attempt_at && Date.parse(delivery.next_attempt_at) > Date.now()) return;

        const attempt = delivery.attempts + 1;
        let status: number | null = null;
        let error: string;
        let final = false;
        try {
          ({ status } = await postWebhook(
            hook.url,
            delivery.body,
            {
              'content-type': 'application/json',
              'user-agent': 'Parley-Webhooks/1',
              'x-parley-event': delivery.event,
              'x-parley-delivery': delivery.id,
              'x-parley-signature': signatureHeader(hook.secret, delivery.body),
            },
            { allowPrivate: deps.allowPrivateNetworks, timeoutMs: TIMEOUT_MS, signal, ...deps.post },
          ));
          if (status >= 200 && status < 300) {
            await webhooks.recordAttempt(delivery.id, {
              status: 'delivered',
              response_status: status,
              last_error: null,
              next_attempt_at: null,
              delivered_at: new Date().toISOString(),
            });
            log.info({ delivery: delivery.id, event: delivery.event, status }, 'webhook delivered');
            continue;
          }
          error = `The endpoint answered HTTP ${status}`;
        } catch (err) {
          if (signal.aborted) throw err;
          error = err instanceof Error ? err.message : String(err);
          final = err instanceof AddressRefusedError;
          // The address stays in the server's log; the delivery log shows only that it was refused.
          if (err instanceof AddressRefusedError)
            log.warn({ delivery: delivery.id, host: err.host, address: err.address }, 'webhook address refused');
        }

        const next = Date.now() + webhookRetryDelayMs(attempt, deps.retryBaseSeconds);
        if (final || next > Date.parse(delivery.created_at) + WEBHOOK_RETRY_WINDOW_MS) {
          await webhooks.recordAttempt(delivery.id, {
            status: 'failed',
            response_status: status,
            last_error: error,
            next_attempt_at: null,
            delivered_at: null,
          });
          log.warn({ delivery: delivery.id, error }, 'webhook delivery failed for good');
          continue;
        }
        await webhooks.recordAttempt(delivery.id, {
          status: 'pending',
          response_status: status,
          last_error: error,
          next_attempt_at: new Date(next).toISOString(),
          delivered_at: null,
        });
        log.info(
          { delivery: delivery.id, error, retryAt: new Date(next).toISOString() },
          'webhook delivery will retry',
        );
        return;
      }
    },
  };
}
