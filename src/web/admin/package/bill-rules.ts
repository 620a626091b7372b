import { ConfirmState, PickupStatus } from '../../../shared/domain/lading.ts';

/** What the desk needs of a package or overseas lading bill to tell which operations it allows. */
export interface BillState {
  confirmState: number;
  pickupStatus: number;
  orderCount: number;
  /** A package's live lading bill (its pickup then goes with the bill); overseas bills have none. */
  ladingId?: number | null;
}

const inNoLading = (b: BillState) => b.ladingId === undefined || b.ladingId === null;

/** Open bills not picked up or cancelled and holding an order may be confirmed. */
export const canConfirm = (b: BillState) =>
  b.confirmState === ConfirmState.open && b.pickupStatus === PickupStatus.notPickedUp && b.orderCount > 0;

/** Confirmed bills not yet picked up (and, for a package, in no lading bill) may be picked up. */
export const canPickup = (b: BillState) =>
  b.confirmState === ConfirmState.confirmed && b.pickupStatus === PickupStatus.notPickedUp && inNoLading(b);

/** Bills not yet picked up or cancelled (and, for a package, in no lading bill) may be cancelled. */
export const canCancel = (b: BillState) => b.pickupStatus === PickupStatus.notPickedUp && inNoLading(b);
