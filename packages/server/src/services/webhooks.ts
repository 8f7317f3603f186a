import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import {
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TESTS_PER_MINUTE,
  WEBHOOK_TESTS_PER_USER_PER_MINUTE,
  WEBHOOKS_PER_USER,
  type WebhookEvent,
  type WebhookPayload,
} from '@parley/contract';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { meetingJobKey } from '../jobs/queue.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../lib/errors.ts';
import { newId, nowIso } from '../lib/ids.ts';
import { presentMeeting, presentWebhook, presentWebhookDelivery } from '../presenters/index.ts';
import type { MeetingRow } from '../repositories/meetings.ts';
import type { WebhookRow, webhooksRepository } from '../repositories/webhooks.ts';
import { isBlockedAddress } from '../webhooks/address-guard.ts';
import type { PostOptions } from '../webhooks/post.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { webhookDelivery } from './webhook-delivery.ts';

interface Deps {
  db: Db;
  webhooks: ReturnType<typeof webhooksRepository>;
  queue: JobQueue;
  allowPrivateNetworks: boolean;
  /** JOB_RETRY_DELAY_SECONDS: a failed delivery's first retry wait (webhook-delivery.ts). */
  retryBaseSeconds: number;
  /** Tests narrow the address guard or give their own DNS. */
  post?: Pick<PostOptions, 'isBlocked' | 'lookup'>;
  /** Test events per account, whatever becomes of its endpoints (decision 292). */
  throttle: Pick<LoginThrottle, 'reserveForAccount'>;
}

/** One delivery job per endpoint at a time: it posts that endpoint's deliveries in order (decision 171). */
export const deliverJobKey = (webhookId: string) => meetingJobKey('deliver-webhooks', webhookId);

const eventsOf = (row: WebhookRow) => JSON.parse(row.events) as string[];
const TEST_WINDOW_MS = 60_000;

export function webhooksService(deps: Deps) {
  const { db, webhooks, queue, allowPrivateNetworks, throttle } = deps;
  const delivery = webhookDelivery(deps);
  async function get(userId: string, id: string) {
    const row = await webhooks.findForUser(userId, id);
    if (!row) throw notFound('Webhook');
    return row;
  }

  /** A literal private address is refused at once; names are checked when they are resolved, at delivery. */
  function checkUrl(url: string | undefined) {
    if (url === undefined || allowPrivateNetworks) return;
    const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) && isBlockedAddress(host)) {
      const message =
        'Webhooks to private or local addresses are refused on this server (an admin can allow them with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true)';
      throw badRequest(message, [{ path: 'url', message }]);
    }
  }

  /** Records one delivery and queues its endpoint's job, in the caller's transaction. */
  async function addDelivery(trx: Db, hook: WebhookRow, event: string, meeting: MeetingRow | null) {
    const id = newId();
    const now = nowIso();
    const payload: WebhookPayload = { id, event, time: now, meeting: meeting && presentMeeting(meeting) };
    const row = {
      id,
      webhook_id: hook.id,
      user_id: hook.user_id,
      event,
      body: JSON.stringify(payload),
      status: 'pending',
      attempts: 0,
      response_status: null,
      last_error: null,
      next_attempt_at: now,
      created_at: now,
      delivered_at: null,
    };
    await webhooks.insertDelivery(trx, row);
    await queue.enqueue(
      trx,
      'deliver-webhooks',
      { webhookId: hook.id },
      { userId: hook.user_id, idempotencyKey: deliverJobKey(hook.id) },
    );
    return row;
  }

  return {
    list: async (userId: string) => (await webhooks.listForUser(userId)).map(presentWebhook),

    async create(userId: string, input: CreateWebhookRequest) {
      checkUrl(input.url);
      if ((await webhooks.countForUser(userId)) >= WEBHOOKS_PER_USER) {
        throw conflict(`You can keep at most ${WEBHOOKS_PER_USER} webhooks`);
      }
      const now = nowIso();
      const row = {
        id: newId(),
        user_id: userId,
        url: input.url,
        events: JSON.stringify([...new Set(input.events)]),
        secret: input.secret ?? `whsec_${randomBytes(24).toString('base64url')}`,
        created_at: now,
        updated_at: now,
      };
      await webhooks.insert(row);
      return { ...presentWebhook(row), secret: row.secret };
    },

    async update(userId: string, id: string, input: UpdateWebhookRequest) {
      await get(userId, id);
      checkUrl(input.url);
      await webhooks.update(userId, id, {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: JSON.stringify([...new Set(input.events)]) } : {}),
        ...(input.secret !== undefined ? { secret: input.secret } : {}),
      });
      return presentWebhook(await get(userId, id));
    },

    /** Deletes the endpoint and its deliveries; a delivery job still queued finds nothing to do. */
    async delete(userId: string, id: string) {
      if (!(await webhooks.delete(userId, id))) throw notFound('Webhook');
    },

    async deliveries(userId: string, id: string) {
      await get(userId, id);
      return (await webhooks.deliveriesFor(id)).map(presentWebhookDelivery);
    },

    /**
     * "Send test event": a `webhook.test` delivery, queued like any other; at most WEBHOOK_TESTS_PER_MINUTE
     * in any minute per endpoint, counted under the endpoint's lock (decision 213).
     */
    async sendTest(userId: string, id: string) {
      const hook = await get(userId, id);
      // The account's own minute too: deleting an endpoint deletes its deliveries, and with them its count.
      const userWait = await throttle.reserveForAccount('webhookTests', userId);
      if (userWait > 0) {
        throw tooManyRequests(
          `At most ${WEBHOOK_TESTS_PER_USER_PER_MINUTE} test events a minute across your webhooks. Try again in ${userWait} seconds.`,
          userWait,
        );
      }
      const row = await db.transaction().execute(async (trx) => {
        await webhooks.lock(trx, hook.id);
        const now = Date.now();
        const since = new Date(now - TEST_WINDOW_MS).toISOString();
        const recent = await webhooks.deliveryTimesSince(trx, hook.id, WEBHOOK_TEST_EVENT, since);
        if (recent.length >= WEBHOOK_TESTS_PER_MINUTE) {
          // The oldest test of the window leaves it first.
          const leaves = Date.parse(recent[recent.length - WEBHOOK_TESTS_PER_MINUTE]!) + TEST_WINDOW_MS;
          const wait = Math.min(TEST_WINDOW_MS, leaves - now) / 1000;
          throw tooManyRequests(
            `At most ${WEBHOOK_TESTS_PER_MINUTE} test events a minute per webhook. Try again in ${Math.max(1, Math.ceil(wait))} seconds.`,
            wait,
          );
        }
        return addDelivery(trx, hook, WEBHOOK_TEST_EVENT, null);
      });
      return presentWebhookDelivery(row);
    },

    /**
     * Queues `event` for every endpoint that subscribed to it of anyone who may read the meeting (the
     * members of its project). Call it in the
     * transaction that records what happened, so the event exists exactly when the change does.
     */
    async emit(trx: Db, event: WebhookEvent, meeting: MeetingRow) {
      for (const hook of await webhooks.listForMembersIn(trx, meeting.project_id)) {
        if (eventsOf(hook).includes(event)) await addDelivery(trx, hook, event, meeting);
      }
    },

    /**
     * Queues the delivery job of every endpoint with a delivery due: retries whose wait is over, and
     * deliveries added while their endpoint's job was finishing. The worker runs it on a timer.
     */
    async queueDueDeliveries() {
      for (const { webhookId, userId } of await webhooks.webhooksWithDueDeliveries(nowIso())) {
        await queue.enqueue(
          db,
          'deliver-webhooks',
          { webhookId },
          { userId, idempotencyKey: deliverJobKey(webhookId) },
        );
      }
    },

    /** The deliver-webhooks job's work: posts the endpoint's pending deliveries in order. */
    deliver: delivery.deliver,
  };
}

export type WebhooksService = ReturnType<typeof webhooksService>;
/** What the job handlers and the summary service need: telling the endpoints what happened. */
export type WebhookEvents = Pick<WebhooksService, 'emit'>;
