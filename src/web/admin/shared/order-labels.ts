import { OrderStatus } from '../../../shared/domain/order-status.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import { orderStaffMessages } from '../../../shared/i18n/order-staff-messages.ts';

/** Names the server also writes (exports, answers), shared so both say the same thing. */
export const INTERCEPT_LABELS: Record<number, MessageDescriptor> = {
  0: orderMessages.intercept0,
  1: orderMessages.intercept1,
  2: orderMessages.intercept2,
  3: orderMessages.intercept3,
};
export const INTERCEPT_COLORS: Record<number, string> = { 1: 'orange', 2: 'red', 3: 'default' };

export const CHECK_LABELS: Record<string, MessageDescriptor> = {
  '0': orderStaffMessages.checkPending,
  '3': orderStaffMessages.checkDone,
};

export const PAYMENT_LABELS: Record<string, MessageDescriptor> = {
  '1': orderStaffMessages.paymentCod,
  '0': orderStaffMessages.paymentPp,
};

export const PACKING_LABELS: Record<number, MessageDescriptor> = {
  1: orderStaffMessages.packing1,
  2: orderStaffMessages.packing2,
  3: orderStaffMessages.packing3,
};

export const STATUS_COLORS: Record<number, string> = {
  [OrderStatus.created]: 'default',
  [OrderStatus.received]: 'blue',
  [OrderStatus.inLading]: 'geekblue',
  [OrderStatus.pickedUp]: 'cyan',
  [OrderStatus.inTransit]: 'cyan',
  [OrderStatus.customsClearance]: 'purple',
  [OrderStatus.arrivedOverseas]: 'purple',
  [OrderStatus.outForDelivery]: 'gold',
  [OrderStatus.signed]: 'success',
  [OrderStatus.returned]: 'magenta',
  [OrderStatus.lost]: 'error',
  [OrderStatus.cancelled]: 'default',
};
