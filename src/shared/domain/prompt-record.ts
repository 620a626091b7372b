import { isHeldByIntercept } from './order-rules.ts';
import { OrderStatus } from './order-status.ts';

/**
 * Carriers' confirmations of delivery and return (report/promptRecord). Importing one moves the
 * order to signed (delivery) or returned (return), with a tracking event at the carrier's time.
 */
export const PromptKind = { delivery: 1, return: 2 } as const;
export type PromptKind = (typeof PromptKind)[keyof typeof PromptKind];
export const PROMPT_KINDS: readonly PromptKind[] = Object.values(PromptKind);

/** What a confirmation moves its order to. */
export const PROMPT_TARGET: Record<PromptKind, OrderStatus> = {
  [PromptKind.delivery]: OrderStatus.signed,
  [PromptKind.return]: OrderStatus.returned,
};

/** Statuses a confirmation applies to: the carrier has the parcel (picked up) and it has not ended. */
export const CONFIRMABLE_STATUSES: readonly OrderStatus[] = [
  OrderStatus.pickedUp,
  OrderStatus.inTransit,
  OrderStatus.customsClearance,
  OrderStatus.arrivedOverseas,
  OrderStatus.outForDelivery,
];

/** Why a confirmation row is refused. */
export type PromptRefusal = 'cancelled' | 'notPickedUp' | 'signed' | 'returned' | 'lost' | 'intercepted';

/** The confirmation an order already has (at most one: signed and returned both end it). */
export interface ExistingConfirmation {
  kind: number;
  /** Epoch milliseconds of the carrier's time. */
  at: number;
}

/**
 * The rule of one confirmation for one order (orders move forward only):
 * - the same confirmation again (same kind, same time to the second) is harmless: 'recorded', no change;
 * - a cancelled order, or one not yet picked up (created, received, in lading), is refused: the
 *   carrier never had it;
 * - an order already signed, returned or lost is refused: those statuses are final;
 * - a delivery of an order held by an interception (requested or succeeded) is refused until the
 *   interception is answered: the warehouse asked the carrier to stop it. A return is accepted
 *   whatever the interception: a successful one is exactly what brings a parcel back;
 * - otherwise 'apply'.
 */
export function promptOutcome(
  kind: PromptKind,
  order: { status: number; interceptState: number },
  existing: ExistingConfirmation | null,
  at: number,
): 'apply' | 'recorded' | PromptRefusal {
  if (existing && existing.kind === kind && Math.floor(existing.at / 1000) === Math.floor(at / 1000))
    return 'recorded';
  switch (order.status) {
    case OrderStatus.cancelled:
      return 'cancelled';
    case OrderStatus.signed:
      return 'signed';
    case OrderStatus.returned:
      return 'returned';
    case OrderStatus.lost:
      return 'lost';
  }
  if (!(CONFIRMABLE_STATUSES as readonly number[]).includes(order.status)) return 'notPickedUp';
  if (kind === PromptKind.delivery && isHeldByIntercept(order.interceptState)) return 'intercepted';
  return 'apply';
}
