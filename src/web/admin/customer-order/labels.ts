import type { MessageDescriptor } from '@lingui/core';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { orderImportMessages as mi } from '../../../shared/i18n/order-import-messages.ts';

/** Packing types (spec 3: 1 envelope, 2 pack bag, 3 own packaging), named as the import reads them. */
export const PACKING_LABELS: Record<number, MessageDescriptor> = {
  1: mi.packing1,
  2: mi.packing2,
  3: mi.packing3,
};

/** Currencies offered for goods and COD (the server takes any three-letter code). */
export const CURRENCIES = ['USD', 'CNY', 'SAR', 'AED', 'KWD', 'QAR', 'BHD', 'OMR', 'EUR'] as const;

/** Tag colours of the order statuses: open, moving, delivered, failed. */
export function statusColor(status: number): string {
  switch (status) {
    case OrderStatus.created:
      return 'blue';
    case OrderStatus.signed:
      return 'success';
    case OrderStatus.returned:
    case OrderStatus.lost:
      return 'error';
    case OrderStatus.cancelled:
      return 'default';
    default:
      return 'processing';
  }
}
