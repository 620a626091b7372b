import { toScale } from './order-entry.ts';
import { OrderStatus } from './order-status.ts';

/**
 * Closed-loop data (report/closedLoopData): an order's loop is closed when it is delivered (signed)
 * and its COD is remitted by the overseas partner, or it has no COD. The report covers orders the
 * carrier has taken (picked up or later); cancelled ones and those still at the warehouse are not
 * in it.
 */
export const LoopState = {
  /** Picked up, not delivered yet. */
  inTransit: 1,
  /** Signed, its COD not remitted yet. */
  awaitingRemittance: 2,
  closed: 3,
  /** Came back to the sender: no delivery, no COD. */
  returned: 4,
  lost: 5,
} as const;
export type LoopState = (typeof LoopState)[keyof typeof LoopState];
export const LOOP_STATES: readonly LoopState[] = Object.values(LoopState);

/** The statuses the report covers. */
export const LOOP_STATUSES: readonly OrderStatus[] = [
  OrderStatus.pickedUp,
  OrderStatus.inTransit,
  OrderStatus.customsClearance,
  OrderStatus.arrivedOverseas,
  OrderStatus.outForDelivery,
  OrderStatus.signed,
  OrderStatus.returned,
  OrderStatus.lost,
];

export function loopStateOf(order: { status: number; isCod: boolean }, remitted: boolean): LoopState {
  switch (order.status) {
    case OrderStatus.signed:
      return !order.isCod || remitted ? LoopState.closed : LoopState.awaitingRemittance;
    case OrderStatus.returned:
      return LoopState.returned;
    case OrderStatus.lost:
      return LoopState.lost;
    default:
      return LoopState.inTransit;
  }
}

/** Why a remittance row is refused. */
export type RemittanceRefusal =
  | 'noCod'
  | 'notSigned'
  | 'currencyMismatch'
  | 'amountMismatch'
  | 'alreadyRemitted';

export interface Remittance {
  /** Decimal text. */
  amount: string;
  currency: string;
  /** YYYY-MM-DD. */
  remittedOn: string;
  reference: string;
}

/**
 * The rule of one remittance row for one order: reconciliation matches the partner's figures to
 * ours, so the amount and currency must be the order's COD exactly (a different amount is changed
 * through a COD modification first). Only a signed COD order is remitted. An order is remitted
 * once: the same remittance again (amount, currency, day and reference) is harmless ('recorded');
 * a different one is refused.
 */
/** Whole cents of a checked decimal text ("0100.5" → 10050), exact. */
const cents = (amount: string): number => Number(toScale(amount, 2).replace('.', ''));

export function remittanceOutcome(
  order: { status: number; isCod: boolean; codAmount: string; codCurrency: string },
  row: Remittance,
  existing: Remittance | null,
): 'apply' | 'recorded' | RemittanceRefusal {
  if (existing) {
    const same =
      cents(existing.amount) === cents(row.amount) &&
      existing.currency === row.currency &&
      existing.remittedOn === row.remittedOn &&
      existing.reference === row.reference;
    return same ? 'recorded' : 'alreadyRemitted';
  }
  if (!order.isCod) return 'noCod';
  if (order.status !== OrderStatus.signed) return 'notSigned';
  if (order.codCurrency !== row.currency) return 'currencyMismatch';
  if (cents(order.codAmount) !== cents(row.amount)) return 'amountMismatch';
  return 'apply';
}
