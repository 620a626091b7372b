/**
 * The webhook events and delivery states, without a validation library: the desk's entry script
 * reads them (the Developers screen keeps its filters in the URL). The contract builds on them.
 */

/** The events a customer's endpoint may take (docs/api.md "Webhooks" shows each payload). */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.status_changed',
  'order.cancelled',
  'order.intercepted',
  'order.exception',
  'cod.modified',
  'lading.picked_up',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent by webhook/test to one endpoint only, whatever its events. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Every type a delivery may carry: the events and the test event. */
export const WEBHOOK_TYPES = [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT] as const;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];
