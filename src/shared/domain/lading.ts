import { OrderStatus } from './order-status.ts';
import { TRACKING_NO_PATTERN } from './tracking-no.ts';

/**
 * The movement of parcels (DOMAIN.md): lading bills, batches (air cargo), overseas ladings,
 * packages and the exchange scan. Enumerations and the pure rules the server, the desktop screens
 * and the PDA (its local checks before queueing) share.
 */

/** Pickup status of a lading bill, batch, overseas lading or package (spec 3). */
export const PickupStatus = { notPickedUp: 1, pickedUp: 2, cancelled: 3 } as const;
export type PickupStatus = (typeof PickupStatus)[keyof typeof PickupStatus];
export const PICKUP_STATUSES = [1, 2, 3] as const;

/** A bill is open for scans until it is confirmed (sealed). */
export const ConfirmState = { open: 0, confirmed: 1 } as const;
export const CONFIRM_STATES = [0, 1] as const;

/** Lading type (spec 3): 1 clearance lading, 2 local lading. */
export const LadingType = { clearance: 1, local: 2 } as const;
export const LADING_TYPES = [1, 2] as const;

/** What a lading bill holds (spec: "order type: order or package"). */
export const LadingOrderType = { order: 1, package: 2 } as const;
export const LADING_ORDER_TYPES = [1, 2] as const;

/**
 * Mail push of a lading bill to its carrier (spec: not pushed, success, failed), plus 3 sending
 * while a push is under way (a push stuck there longer than MAIL_STALE_MINUTES may be retried).
 */
export const MailState = { notPushed: 0, success: 1, failed: 2, sending: 3 } as const;
export const MAIL_STATES = [0, 1, 2, 3] as const;
export const MAIL_STALE_MINUTES = 5;

/** Clearance status of a clearance lading bill (spec 3): 0 new … 4 settled. */
export const ClearanceStatus = {
  new: 0,
  voided: 1,
  revisionComplete: 2,
  clearanceComplete: 3,
  settled: 4,
} as const;
export const CLEARANCE_STATUSES = [0, 1, 2, 3, 4] as const;

/** Which clearance status may follow which: forward only; voided and settled are final. */
const CLEARANCE_NEXT: Record<number, readonly number[]> = {
  0: [1, 2, 3],
  2: [1, 3],
  3: [4],
  1: [],
  4: [],
};
export const canMoveClearance = (from: number, to: number): boolean =>
  (CLEARANCE_NEXT[from] ?? []).includes(to);
/** Voided and settled bills no longer take clearance data. */
export const clearanceEditable = (status: number): boolean =>
  status !== ClearanceStatus.voided && status !== ClearanceStatus.settled;

/** Exchange status of an order (spec 3): 0 not exchanged, 1 exchanged. */
export const ExchangeState = { notExchanged: 0, exchanged: 1 } as const;

/**
 * The four kinds of bill, in the order a parcel moves through them: a package, the lading bill
 * (holding orders or packages), the batch its lading bill flies in, the overseas lading.
 */
export const BILL_KINDS = ['package', 'lading', 'batch', 'overseas'] as const;
export type BillKind = (typeof BILL_KINDS)[number];

/** Sign status of a bill, from its orders: 0 none signed, 1 some, 2 all. */
export const BillSignStatus = { notSigned: 0, partial: 1, full: 2 } as const;

/**
 * Why a scan was refused (409, `data.reason`), so the PDA can pick its sound and the screens their
 * text without reading the message:
 * - unknown: no order (package, lading bill) has the scanned number;
 * - cancelled, intercepted: the order is cancelled, or held by an interception;
 * - notReceived: not yet received at the origin warehouse;
 * - wrongStatus: its status does not fit this step (e.g. already picked up);
 * - wrongChannel: another shipping channel than the bill's ("select a logistics channel first");
 * - wrongCountry, wrongCarrier: another destination country or last-mile carrier than the bill's;
 * - alreadyAdded: already in this or another open bill ("tracking no already added");
 * - inPackage: the order is in a package: scan the package;
 * - packageNotReady: the package is not confirmed, or holds an order that cannot go;
 * - consigneeMismatch: another consignee than the package's;
 * - billNotOpen: the bill (batch, package) is confirmed, picked up or cancelled;
 * - notPickedUp: a lading bill scanned into a batch has not been picked up;
 * - noCarrier: the order has no last-mile carrier number yet (exchange scan);
 * - notInPackage: scanCombined on an order that is in no package.
 */
export const SCAN_REFUSALS = [
  'unknown',
  'cancelled',
  'intercepted',
  'notReceived',
  'wrongStatus',
  'wrongChannel',
  'wrongCountry',
  'wrongCarrier',
  'alreadyAdded',
  'inPackage',
  'packageNotReady',
  'consigneeMismatch',
  'billNotOpen',
  'notPickedUp',
  'noCarrier',
  'notInPackage',
] as const;
export type ScanRefusal = (typeof SCAN_REFUSALS)[number];

/** What the PDA accepts as a scanned code before queueing it: 6–40 letters, digits or hyphens. */
export const SCAN_CODE_PATTERN = TRACKING_NO_PATTERN;
export const normaliseScanCode = (raw: string): string => raw.trim().toUpperCase();
export const isScanCode = (code: string): boolean => SCAN_CODE_PATTERN.test(code);

/**
 * Batch number input (spec 5): items are separated by space, semicolon or carriage return (any
 * whitespace, and the full-width semicolon); each is trimmed, empty ones dropped, repeats kept once.
 * Unlike the bulk splitter, a comma does not separate.
 */
export function splitBatchNos(text: string | null | undefined): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  for (const raw of text.split(/[\s;；]+/u)) {
    const item = raw.trim().toUpperCase();
    if (item) seen.add(item);
  }
  return [...seen];
}

/** Order statuses each scan accepts. */
export const LADING_SCAN_STATUSES: readonly number[] = [OrderStatus.received];
export const PACKAGE_SCAN_STATUSES: readonly number[] = [OrderStatus.received];
/** At the destination: after the carrier took it at origin, before it goes out for delivery. */
export const OVERSEAS_SCAN_STATUSES: readonly number[] = [
  OrderStatus.pickedUp,
  OrderStatus.inTransit,
  OrderStatus.customsClearance,
  OrderStatus.arrivedOverseas,
];
/** Relabelling at the destination: from pickup at origin until it is delivered. */
export const EXCHANGE_STATUSES: readonly number[] = [
  OrderStatus.pickedUp,
  OrderStatus.inTransit,
  OrderStatus.customsClearance,
  OrderStatus.arrivedOverseas,
  OrderStatus.outForDelivery,
];

/**
 * Tracking nodes the movement of parcels records (order_events.node). PICKED_UP, IN_TRANSIT,
 * ARRIVED and OUT_FOR_DELIVERY are the standard tracking settings' codes, so those settings name
 * them when present.
 */
export const MovementNode = {
  inLading: 'IN_LADING',
  ladingReleased: 'LADING_RELEASED',
  pickedUp: 'PICKED_UP',
  inTransit: 'IN_TRANSIT',
  arrived: 'ARRIVED',
  outForDelivery: 'OUT_FOR_DELIVERY',
  packed: 'PACKED',
  unpacked: 'UNPACKED',
  exchanged: 'EXCHANGED',
  batched: 'BATCHED',
  batchReleased: 'BATCH_RELEASED',
  overseasScanned: 'OVERSEAS_LADING',
  overseasReleased: 'OVERSEAS_RELEASED',
} as const;

/** The same consignee (a package merges orders of one): names and addresses compared loosely. */
export function consigneeKey(c: {
  customerId: number;
  channelId: number;
  countryId: number;
  name: string;
  phone: string;
  address: string;
}): string {
  const loose = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
  const digits = (s: string) => s.replace(/\D/g, '');
  return [c.customerId, c.channelId, c.countryId, loose(c.name), digits(c.phone), loose(c.address)].join('|');
}
