import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ApiKeyRecord } from '../../../shared/contract/api-key.ts';
import type { ApiScope } from '../../../shared/contract/core.ts';
import type { WebhookDeliveryState, WebhookEvent } from '../../../shared/domain/webhooks.ts';

export const KEY_STATE_LABELS: Record<ApiKeyRecord['state'], MessageDescriptor> = {
  active: msg`Active`,
  expired: msg`Expired`,
  revoked: msg`Revoked`,
};

export const KEY_STATE_COLORS: Record<ApiKeyRecord['state'], string> = {
  active: 'success',
  expired: 'warning',
  revoked: 'default',
};

/** What a key with each scope may do; the scope's own name (`orders:read`) is shown beside it, as the API documentation names it. */
export const SCOPE_LABELS: Record<ApiScope, MessageDescriptor> = {
  'orders:read': msg`List and read orders`,
  'orders:write': msg`Create and cancel orders`,
  labels: msg`Print labels`,
  tracking: msg`Track parcels`,
  statements: msg`Read statements`,
};

export const DELIVERY_STATE_LABELS: Record<WebhookDeliveryState, MessageDescriptor> = {
  pending: msg`Pending`,
  delivered: msg`Delivered`,
  failed: msg`Failed`,
};

export const DELIVERY_STATE_COLORS: Record<WebhookDeliveryState, string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
};

/** What each event reports; the event's own name (`order.created`) is shown beside it, as sent. */
export const EVENT_LABELS: Record<WebhookEvent | 'webhook.test', MessageDescriptor> = {
  'order.created': msg`An order was created`,
  'order.status_changed': msg`An order's status moved, with its tracking event`,
  'order.cancelled': msg`An order was cancelled`,
  'order.intercepted': msg`An interception was requested, succeeded, failed or withdrawn`,
  'order.exception': msg`An abnormal mark was set or handled`,
  'cod.modified': msg`A COD change was requested, approved or rejected`,
  'lading.picked_up': msg`A lading bill with your orders was picked up`,
  'webhook.test': msg`Test event`,
};
