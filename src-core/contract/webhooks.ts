// Webhooks: endpoints, the event catalogue, deliveries and attempts (seed 001, "Webhooks").
import { z } from 'zod';
import { nothingToChange, nullAsAbsent, timestampSchema } from './common.ts';

export const WEBHOOK_EVENTS = [
  'contact.created', 'contact.updated', 'contact.lifecycle_changed', 'form.submitted',
  'whatsapp.message.received', 'whatsapp.message.status', 'instagram.message.received', 'sms.message.received',
  'voice.call.completed',
  'email.message.delivered', 'email.message.opened', 'email.message.clicked', 'email.message.bounced', 'email.message.complained',
  'voice.app.call.inbound', 'voice.app.call.incoming', 'voice.app.call.answered', 'voice.app.call.completed', 'voice.app.call.missed',
  'voice.app.call.rejected', 'voice.app.session.expired',
  'shopify.order.created', 'shopify.order.fulfilled',
  // Switchboard's additions (the seed: "subscribe to `*` for all, including future events"): delivery
  // receipts of the channels whose status the seed's list leaves out. Email's are its own events above.
  'sms.message.status', 'rcs.message.status', 'instagram.message.status',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const MAX_ENDPOINTS = 50;

/**
 * What an endpoint's refused URL ends with (its 400 `message`) when `--allow-private-webhooks` would lift the refusal:
 * an http URL ("must use https"), or an internal host or address. Not another scheme (ftp:), a URL with credentials
 * or a name that does not resolve, and never on a server that has the flag: it accepts both, and refuses other
 * schemes with "must use http or https".
 */
/** The simulated world's webhook receivers: endpoints on this host or under it are answered in-process (`…/status/500`, `…/timeout`). */
export const SIM_RECEIVER_DOMAIN = 'sim.test';
/** The URL the console's endpoint form offers for a simulated receiver. */
export const SIM_RECEIVER_EXAMPLE_URL = `https://hooks.${SIM_RECEIVER_DOMAIN}/switchboard`;
export const PRIVATE_FLAG_LIFTS = ' (a server started with --allow-private-webhooks accepts http and internal destinations, for development)';

/**
 * Whether the server said `--allow-private-webhooks` would lift an endpoint create's refusal (its 400 `message`).
 * The console's endpoint form then says how to use a local receiver.
 */
export function privateFlagWouldLift(message: string): boolean {
  return message.startsWith('Invalid url: ') && message.endsWith(PRIVATE_FLAG_LIFTS);
}

const EVENT_NAMES: ReadonlySet<string> = new Set([...WEBHOOK_EVENTS, '*']);
/**
 * Bounds of an `events` list, checked before any name is looked up: an unknown name is quoted back in the refusal, so a
 * 2 MB name (or 50,000 unknown ones) made an error message as large. The longest event type is 26 characters and the
 * catalogue holds 26; `"*"` stands for them all.
 */
export const EVENT_TYPE_MAX = 100;
export const EVENTS_MAX = 100;
/** `"*"`, or a list of event types (each checked here, so the message can name the unknown one). */
const eventsField = z.union([z.literal('*'), z.array(z.string().max(EVENT_TYPE_MAX), {
  error: (issue) => (issue.code === 'invalid_type' ? 'events is "*" or a list of event types' : undefined),
}).max(EVENTS_MAX)], {
  // Missing: "is required" (zod-messages); a list is held to the list's rule, each item at its own path
  // (`events.0: must be text, not a number`); anything else that is neither form (null, a number) says what is.
  error: (issue) => (issue.input === undefined || Array.isArray(issue.input) ? undefined : 'events is "*" or a list of event types'),
})
  .superRefine((events, ctx) => {
    if (events === '*') return;
    if (events.length === 0) ctx.addIssue({ code: 'custom', message: 'events needs at least one event type, or "*"' });
    events.forEach((event, i) => {
      // One refused by its length already says so, and is not quoted back.
      if (!EVENT_NAMES.has(event) && event.length <= EVENT_TYPE_MAX) ctx.addIssue({ code: 'custom', path: [i], message: `unknown event type ${JSON.stringify(event)}: GET /v1/webhooks/events lists them all, or subscribe to "*"` });
    });
  })
  .transform((events) => events as '*' | Array<WebhookEventType | '*'>);

export const createWebhookBodySchema = z.object({
  // Its own words for a URL that is not one only: a missing or overlong one gets the usual "is required" or maximum.
  url: z.url({ error: (issue) => (issue.code === 'invalid_format' ? 'url must be an absolute URL' : undefined) }).max(2048),
  events: eventsField,
  description: nullAsAbsent(z.string().trim().max(500)),
});
export const updateWebhookBodySchema = z.object({
  url: z.url().max(2048).optional(),
  events: eventsField.optional(),
  description: z.string().trim().max(500).nullable().optional(),
  isActive: z.boolean().optional(),
}).refine((b) => Object.values(b).some((v) => v !== undefined), nothingToChange('give at least one of url, events, description, isActive'));

export const webhookEndpointSchema = z.object({
  id: z.string(), url: z.string(), description: z.string().nullable(), events: z.array(z.string()), isActive: z.boolean(),
  status: z.enum(['ACTIVE', 'DISABLED']), disabledReason: z.string().nullable(), createdVia: z.enum(['api', 'dashboard']),
  consecutiveFailures: z.number().int(), lastSuccessAt: timestampSchema.nullable(), lastFailureAt: timestampSchema.nullable(), createdAt: timestampSchema,
  secret: z.string().optional(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** `HELD`: its endpoint is disabled; not attempted (no attempt counted) until the endpoint is re-enabled. */
export const DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED', 'EXHAUSTED', 'HELD'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliveryAttemptSchema = z.object({
  attempt: z.number().int(), at: timestampSchema, requestHeaders: z.record(z.string(), z.string()), responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(), latencyMs: z.number().nullable(), error: z.string().nullable(),
});
export const webhookDeliverySchema = z.object({
  id: z.string(), endpointId: z.string(), eventId: z.string(), eventType: z.string(), status: z.enum(DELIVERY_STATUSES), attempts: z.number().int(),
  nextAttemptAt: timestampSchema.nullable(), lastResponseStatus: z.number().int().nullable(), createdAt: timestampSchema, updatedAt: timestampSchema,
  /** Why a `HELD` delivery waits (its endpoint's disabled reason); null otherwise. */
  heldReason: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
/** `GET /v1/webhooks/deliveries/{deliveryId}`: the delivery, the event's payload as sent, and each attempt. */
export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({ payload: z.unknown(), attemptLog: z.array(deliveryAttemptSchema) });
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;

/** One entry of `GET /webhooks/events` (seed: "not shown"); `emitted` is false for an event this build never fires yet. */
export const webhookCatalogueEntrySchema = z.object({ type: z.enum(WEBHOOK_EVENTS), description: z.string(), sample: z.record(z.string(), z.unknown()), emitted: z.boolean() });
export type WebhookCatalogueEntry = z.infer<typeof webhookCatalogueEntrySchema>;
/** `POST /v1/webhooks/{id}/test`: the test event queued for the endpoint (202). */
export const webhookTestResultSchema = z.object({ deliveryId: z.string(), eventId: z.string(), eventType: z.string() });

/** The delay before each of the 7 delivery attempts (seed 001): none, 10 s, 1 min, 5 min, 30 min, 2 h, 6 h. */
export const RETRY_DELAYS_MS = [0, 10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];
/** Failed attempts in a row (across an endpoint's deliveries) that disable it; attempts already out still count. */
export const AUTO_DISABLE_AFTER = 15;

/**
 * How long a finished delivery (`SUCCEEDED`, `EXHAUSTED`) is kept after its last change, on the virtual clock: older ones
 * are listed nowhere, answer 404, and are removed with their attempts. A delivery still waiting (`PENDING`, `FAILED`,
 * `HELD`) is kept however old.
 */
export const DELIVERY_KEEP_DAYS = 30;

/**
 * How far back (on the virtual clock) and how many, newest first, `GET /dashboard/webhooks/gone` lists. An older note
 * is removed with the finished deliveries, as its 410's delivery (finished when the endpoint went) is: the same days.
 */
export const GONE_WINDOW_DAYS = DELIVERY_KEEP_DAYS;
export const GONE_LIMIT = 20;
/**
 * An endpoint the core deleted because its receiver answered 410 Gone to delivery `deliveryId` (console only:
 * `GET /dashboard/webhooks/gone`), so a console opened later can still say why it went.
 */
export const webhookEndpointGoneSchema = z.object({
  endpointId: z.string(), url: z.string(), eventType: z.string(), deliveryId: z.string(), at: timestampSchema,
});
export type WebhookEndpointGone = z.infer<typeof webhookEndpointGoneSchema>;
export const webhookEndpointsGoneSchema = z.object({ data: z.array(webhookEndpointGoneSchema) });
export type WebhookEndpointsGone = z.infer<typeof webhookEndpointsGoneSchema>;

/**
 * The last attempt made to each endpoint, test or real (console only: `GET /dashboard/webhooks/last-attempts`): what
 * an endpoint card's health says, "Last delivery failed · HTTP 500" until an attempt succeeds. An endpoint nothing
 * was attempted to yet is not listed.
 */
export const endpointLastAttemptSchema = z.object({
  endpointId: z.string(), deliveryId: z.string(), eventType: z.string(), attempt: z.number().int(), at: timestampSchema,
  responseStatus: z.number().int().nullable(), error: z.string().nullable(), succeeded: z.boolean(),
});
export type EndpointLastAttempt = z.infer<typeof endpointLastAttemptSchema>;
export const endpointLastAttemptsSchema = z.object({ data: z.array(endpointLastAttemptSchema) });
export type EndpointLastAttempts = z.infer<typeof endpointLastAttemptsSchema>;
