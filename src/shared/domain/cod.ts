import { OrderStatus } from './order-status.ts';

/** COD modification approval status (spec: pending, approved, rejected; codes ours). */
export const CodStatus = { pending: 0, approved: 1, rejected: 2 } as const;
export type CodStatus = (typeof CodStatus)[keyof typeof CodStatus];
export const COD_STATUSES: readonly CodStatus[] = Object.values(CodStatus);

/**
 * Orders whose COD amount can no longer change (DOMAIN.md: signed, returned or lost; a cancelled
 * order never collects anything either).
 */
export const COD_LOCKED_STATUSES: readonly number[] = [
  OrderStatus.signed,
  OrderStatus.returned,
  OrderStatus.lost,
  OrderStatus.cancelled,
];

/** The daily push's outcome (cod_pushes.result). */
export const CodPushResult = { running: 0, sent: 1, failed: 2, skipped: 3, gaveUp: 4 } as const;
export type CodPushResult = (typeof CodPushResult)[keyof typeof CodPushResult];

/** The hour (business time zone) the previous day's modifications are pushed. */
export const COD_PUSH_HOUR = 17;
