import { z } from 'zod';
import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TYPES,
} from '../domain/webhooks.ts';
import { endpoint, id, idParams, isoTime, listRequest, text } from './core.ts';

export {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TYPES,
  type WebhookEvent,
} from '../domain/webhooks.ts';

/** The prefix of a signing secret (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const webhookEvent = z.enum(WEBHOOK_EVENTS);

export const webhookRecord = z.object({
  recId: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  url: z.string(),
  events: z.array(webhookEvent),
  enabled: z.boolean(),
  description: z.string(),
  createdBy: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
  /** Deliveries of the last 24 hours that are delivered, waiting or failed. */
  recent: z.object({ delivered: z.number().int(), pending: z.number().int(), failed: z.number().int() }),
});
export type WebhookRecord = z.infer<typeof webhookRecord>;

export const webhookDelivery = z.object({
  recId: z.number().int(),
  endpointId: z.number().int(),
  url: z.string(),
  /** The event's id, sent as `webhook-id` (the same on every attempt and redelivery). */
  webhookId: z.string(),
  type: z.string(),
  /** The JSON body as posted: `{ type, timestamp, data }`. */
  payload: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  /** The HTTP status of the last answer (null: no answer, e.g. a timeout or a refused address). */
  lastStatus: z.number().int().nullable(),
  /** The first 1 KB of the last answer's body. */
  lastBody: z.string(),
  lastError: z.string(),
  createdAt: isoTime,
  lastAttemptAt: isoTime.nullable(),
  nextAttemptAt: isoTime.nullable(),
  deliveredAt: isoTime.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/** Managed as API keys are: by the customer's accounts (a sub-account: its own), and staff holding `apiKey:edit`. */
const hookAccess = { staff: 'apiKey:edit', customer: true } as const;

const page = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  });

/**
 * Webhooks: a customer's endpoints, each taking the events it names, posted signed per Standard
 * Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`) from a
 * transactional outbox. A main account manages every endpoint of its customer, a sub-account the
 * endpoints it made; staff holding `apiKey:edit` any customer's. Another customer's answers 404.
 */
export const webhook = {
  list: endpoint({
    method: 'POST',
    path: '/webhook/list',
    kind: 'json',
    summary: 'Webhook endpoints, newest first (staff: of the customer named, or all). Never the secret.',
    body: listRequest({ customerId: id.optional() }),
    data: page(webhookRecord),
    access: hookAccess,
    beyondSpec: true,
  }),
  save: endpoint({
    method: 'POST',
    path: '/webhook/save',
    kind: 'json',
    summary:
      'Make (no `id`) or change an endpoint. The URL must be https and must not resolve to a private, loopback or link-local address. A new endpoint’s answer holds its signing secret (`whsec_…`), shown this once; `rotateSecret` issues a new one.',
    body: z
      .object({
        id: id.optional(),
        url: z.string().trim().min(1).max(2000),
        events: z.array(webhookEvent).min(1).max(WEBHOOK_EVENTS.length),
        enabled: z.boolean().default(true),
        description: text(200).optional(),
        customerId: id.optional(),
        rotateSecret: z.boolean().optional(),
      })
      .strict(),
    data: z.object({
      endpoint: webhookRecord,
      secret: z.string().startsWith(WEBHOOK_SECRET_PREFIX).nullable(),
    }),
    access: hookAccess,
    beyondSpec: true,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/webhook/delete/{id}',
    kind: 'json',
    summary: 'Delete an endpoint: nothing more is sent to it; its deliveries stay listed.',
    params: idParams,
    data: z.object({ recId: z.number().int() }),
    access: hookAccess,
    beyondSpec: true,
  }),
  deliveries: endpoint({
    method: 'POST',
    path: '/webhook/deliveries',
    kind: 'json',
    summary:
      'Deliveries, newest first (of an endpoint, a state, an event type): event, payload, attempts, last answer code and body (first 1 KB), times.',
    body: listRequest({
      endpointId: id.optional(),
      customerId: id.optional(),
      state: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
      type: z.enum(WEBHOOK_TYPES).optional(),
    }),
    data: page(webhookDelivery),
    access: hookAccess,
    beyondSpec: true,
  }),
  redeliver: endpoint({
    method: 'POST',
    path: '/webhook/redeliver/{deliveryId}',
    kind: 'json',
    summary:
      'Send a delivery’s event again to its endpoint, as a new delivery with the same `webhook-id` (receivers deduplicate on it).',
    params: z.object({ deliveryId: id }).strict(),
    data: webhookDelivery,
    access: hookAccess,
    beyondSpec: true,
  }),
  test: endpoint({
    method: 'POST',
    path: '/webhook/test/{id}',
    kind: 'json',
    summary: 'Send a `webhook.test` event to one endpoint (enabled or not), delivered as any other.',
    params: idParams,
    data: webhookDelivery,
    access: hookAccess,
    beyondSpec: true,
  }),
};

// ---- what each event posts (the OpenAPI document's `webhooks`; docs/api.md "Webhooks") ----

const orderRef = z.object({
  id: z.number().int(),
  trackingNo: z.string(),
  customerNo: z.string().nullable(),
  status: z.number().int().optional(),
  /** created, received, inLading, pickedUp, inTransit, customsClearance, arrivedOverseas, outForDelivery, signed, returned, lost, cancelled */
  statusCode: z.string().optional(),
});
const orderId = z.object({ id: z.number().int(), trackingNo: z.string().nullable() });

/** The `data` of each event. */
export const WEBHOOK_DATA = {
  'order.created': z.object({ order: orderRef, createdAt: isoTime }),
  'order.status_changed': z.object({
    order: orderRef,
    fromStatus: z.number().int().nullable(),
    fromStatusCode: z.string().nullable(),
    trackingEvent: z
      .object({ node: z.string(), location: z.string(), description: z.string(), occurredAt: isoTime })
      .nullable()
      .describe('The tracking event of the move; null when the event is internal'),
  }),
  'order.cancelled': z.object({ order: orderRef, reason: z.string() }),
  'order.intercepted': z.object({
    order: orderRef,
    state: z.enum(['requested', 'succeeded', 'failed', 'withdrawn']),
    remark: z.string(),
  }),
  'order.exception': z.object({
    order: orderId,
    kind: z.number().int(),
    kindCode: z.string(),
    state: z.enum(['set', 'handled']),
    detail: z.record(z.string(), z.unknown()),
  }),
  'cod.modified': z.object({
    order: orderId,
    modificationId: z.number().int(),
    state: z.enum(['requested', 'approved', 'rejected']),
    originalAmount: z.string(),
    originalCurrency: z.string(),
    updatedAmount: z.string(),
    currency: z.string(),
    remark: z.string(),
    approvalRemark: z.string(),
  }),
  'lading.picked_up': z.object({
    lading: z.object({ id: z.number().int(), no: z.string() }),
    pickedUpAt: isoTime,
    orders: z.array(
      z.object({ id: z.number().int(), trackingNo: z.string(), customerNo: z.string().nullable() }),
    ),
  }),
  [WEBHOOK_TEST_EVENT]: z.object({
    endpointId: z.number().int(),
    customerId: z.number().int(),
    message: z.string(),
  }),
} as const;

/** The body posted for an event type: Standard Webhooks' `{ type, timestamp, data }`. */
export const webhookPayload = (type: keyof typeof WEBHOOK_DATA) =>
  z.object({ type: z.literal(type), timestamp: isoTime, data: WEBHOOK_DATA[type] });
