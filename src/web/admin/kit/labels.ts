import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Enabled } from '../../../shared/domain/enums.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';

/** What a tracking node may move an order to (DOMAIN.md: the order status list). */
export const ORDER_STATUS_LABELS: Record<number, MessageDescriptor> = {
  [OrderStatus.created]: msg({ message: 'Created', context: 'order status' }),
  [OrderStatus.received]: msg`Received`,
  [OrderStatus.inLading]: msg`In lading`,
  [OrderStatus.pickedUp]: msg`Picked up`,
  [OrderStatus.inTransit]: msg`In transit`,
  [OrderStatus.customsClearance]: msg`Customs clearance`,
  [OrderStatus.arrivedOverseas]: msg`Arrived overseas`,
  [OrderStatus.outForDelivery]: msg`Out for delivery`,
  [OrderStatus.signed]: msg`Signed`,
  [OrderStatus.returned]: msg`Returned`,
  [OrderStatus.lost]: msg`Lost`,
  [OrderStatus.cancelled]: msg`Cancelled`,
};

/** A setting's or a record's status: enabled or disabled. */
export const STATUS_LABELS: Record<number, MessageDescriptor> = {
  [Enabled.enabled]: msg`Enabled`,
  [Enabled.disabled]: msg`Disabled`,
};
