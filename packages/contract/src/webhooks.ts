import { z } from 'zod';
import { Id, IsoDate, success } from './common.ts';
import { Meeting } from './meetings.ts';

/** What a webhook can subscribe to (docs/decisions/171). */
export const WEBHOOK_EVENTS = [
  'meeting.transcribed',
  'meeting.failed',
  'summary.generated',
  'action_items.generated',
] as const;
export const WebhookEvent = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof WebhookEvent>;
/** The event "Send test event" delivers; no meeting comes with it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

const WebhookUrl = z
  .url({ protocol: /^https?$/, error: 'Enter an http:// or https:// URL' })
  .max(2000, 'The URL must be at most 2000 characters');
const WebhookEvents = z
  .array(WebhookEvent)
  .min(1, 'Choose at least one event')
  .transform((events) => [...new Set(events)]);
const WebhookSecret = z
  .string()
  .min(16, 'The secret must be at least 16 characters')
  .max(200, 'The secret must be at most 200 characters');

/** Endpoints one user may keep: each event of theirs is posted to every one (decision 190). */
export const WEBHOOKS_PER_USER = 20;
/** "Send test event" at most this often per endpoint (docs/decisions/213): a test is an outbound request. */
export const WEBHOOK_TESTS_PER_MINUTE = 5;
/** ... and at most this often across all of one user's webhooks, deleted ones included (docs/decisions/292). */
export const WEBHOOK_TESTS_PER_USER_PER_MINUTE = 10;

/** Without a secret the server makes one; it is in the reply to this request only. */
export const CreateWebhookRequest = z.object({
  url: WebhookUrl,
  events: WebhookEvents,
  secret: WebhookSecret.optional(),
});
export type CreateWebhookRequest = z.input<typeof CreateWebhookRequest>;

export const UpdateWebhookRequest = z
  .object({ url: WebhookUrl.optional(), events: WebhookEvents.optional(), secret: WebhookSecret.optional() })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' });
export type UpdateWebhookRequest = z.input<typeof UpdateWebhookRequest>;

export const Webhook = z.object({
  _id: Id,
  url: z.string(),
  events: z.array(WebhookEvent),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Webhook = z.infer<typeof Webhook>;
export const CreatedWebhook = Webhook.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const WebhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed']);
export const WebhookDelivery = z.object({
  _id: Id,
  event: z.string(),
  status: WebhookDeliveryStatus,
  attempts: z.number().int().min(0),
  /** The HTTP status of the last attempt's answer, when there was one. */
  responseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: IsoDate.nullable(),
  createdAt: IsoDate,
  deliveredAt: IsoDate.nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** The JSON body every delivery posts; its raw bytes are what X-Parley-Signature signs. */
export const WebhookPayload = z.object({
  id: Id,
  event: z.string(),
  time: IsoDate,
  meeting: Meeting.nullable(),
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;

export const WebhookListResponse = success(z.object({ webhooks: z.array(Webhook) }));
export const WebhookResponse = success(Webhook);
export const CreateWebhookResponse = success(CreatedWebhook);
export const WebhookDeliveriesResponse = success(z.object({ deliveries: z.array(WebhookDelivery) }));
export const WebhookTestResponse = success(WebhookDelivery);
