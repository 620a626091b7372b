import { ORDER_STATUSES, OrderStatus } from './order-status.ts';

/**
 * The order's state rules (DOMAIN.md "The life of a parcel"): its status moves forward only, along
 * the main line created → … → signed, or ends as returned, lost or cancelled. Which status each
 * operation accepts is written here once, for the server, the screens (to enable buttons) and
 * the importers.
 */

/** The main line, in order; an order moves only to a later step. */
const MAIN_LINE: readonly OrderStatus[] = [
  OrderStatus.created,
  OrderStatus.received,
  OrderStatus.inLading,
  OrderStatus.pickedUp,
  OrderStatus.inTransit,
  OrderStatus.customsClearance,
  OrderStatus.arrivedOverseas,
  OrderStatus.outForDelivery,
  OrderStatus.signed,
];

/** Statuses an order never leaves. */
export const FINAL_STATUSES: readonly OrderStatus[] = [
  OrderStatus.signed,
  OrderStatus.returned,
  OrderStatus.lost,
  OrderStatus.cancelled,
];

export const isFinal = (status: number): boolean => (FINAL_STATUSES as readonly number[]).includes(status);

/**
 * The final statuses that end a delivery (orders.finished_at): the order then enters its customer's
 * logistics bill. Cancelled orders never left the warehouse and are not billed.
 */
export const DELIVERY_END_STATUSES: readonly OrderStatus[] = [
  OrderStatus.signed,
  OrderStatus.returned,
  OrderStatus.lost,
];
export const endsDelivery = (status: number): boolean =>
  (DELIVERY_END_STATUSES as readonly number[]).includes(status);

const rank = (status: number) => (MAIN_LINE as readonly number[]).indexOf(status);

/**
 * Whether an order may move from one status to another:
 * - along the main line, forward only (steps may be skipped: a carrier event can report a later one);
 * - to cancelled, until it is picked up (created, received, in lading);
 * - to returned or lost, once it reached the warehouse (received or later) and before it ends;
 * - never out of a final status, never to itself.
 * The one way back is a lading bill's pickup being cancelled, which frees its orders: see
 * `canReleaseFromLading`.
 */
export function canMove(from: number, to: number): boolean {
  if (from === to || isFinal(from) || rank(from) < 0) return false;
  if (to === OrderStatus.cancelled) return rank(from) < rank(OrderStatus.pickedUp);
  if (to === OrderStatus.returned || to === OrderStatus.lost) return rank(from) >= rank(OrderStatus.received);
  const target = rank(to);
  return target > rank(from);
}

/** A lading bill whose pickup is cancelled sends its orders back from in lading to received. */
export const canReleaseFromLading = (status: number): boolean => status === OrderStatus.inLading;

/** Interception: 0 none, 1 requested (waiting for its result), 2 succeeded, 3 failed. */
export const InterceptState = { none: 0, requested: 1, succeeded: 2, failed: 3 } as const;
export type InterceptState = (typeof InterceptState)[keyof typeof InterceptState];
export const INTERCEPT_STATES: readonly InterceptState[] = Object.values(InterceptState);

/** One interception request's state (order_intercepts): the three above plus 4 withdrawn. */
export const InterceptRequestState = { requested: 1, succeeded: 2, failed: 3, withdrawn: 4 } as const;

/** Sign status (spec: codes not shown): 0 not signed for, 1 partially, 2 fully. */
export const SignStatus = { notSigned: 0, partial: 1, full: 2 } as const;
export const SIGN_STATUSES = [0, 1, 2] as const;

/** Check status as stored and answered (the spec's "all" -1 exists only as a filter). */
export const OrderCheckStatus = { pending: 0, checked: 3 } as const;

/** Every operation on an order, and the statuses it accepts. */
export type OrderOperation =
  | 'cancel'
  | 'intercept'
  | 'cancelIntercept'
  | 'setInterceptResult'
  | 'receive'
  | 'checkWv';

export const OPERATION_STATUSES: Record<OrderOperation, readonly OrderStatus[]> = {
  cancel: [OrderStatus.created, OrderStatus.received, OrderStatus.inLading],
  intercept: MAIN_LINE.filter((s) => s !== OrderStatus.signed),
  // A pending request is answered whatever happened to the order meanwhile (it may be signed).
  cancelIntercept: ORDER_STATUSES,
  setInterceptResult: ORDER_STATUSES,
  receive: [OrderStatus.created],
  checkWv: [OrderStatus.received, OrderStatus.inLading],
};

/** Why an operation is refused, or null when it is allowed. */
export type Refusal =
  | 'notCancellable'
  | 'notInterceptable'
  | 'interceptPending'
  | 'alreadyIntercepted'
  | 'noInterceptPending'
  | 'notReceivable'
  | 'notWeighable';

export interface OrderState {
  status: number;
  interceptState: number;
}

/**
 * The rule of one operation on one order: null when allowed, else why not.
 * - cancel: until picked up.
 * - intercept: until signed (and not cancelled, returned or lost), unless a request is pending
 *   or succeeded; after a failure it can be asked again.
 * - cancelIntercept and setInterceptResult: only while a request is pending (whatever the status).
 * - receive: a created order that is not intercepted (a pending or successful interception keeps
 *   the parcel out of the flow).
 * - checkWv: received or in lading (weighed at the warehouse, before the carrier takes it).
 */
export function refusalOf(op: OrderOperation, order: OrderState): Refusal | null {
  const accepts = (OPERATION_STATUSES[op] as readonly number[]).includes(order.status);
  const pending = order.interceptState === InterceptState.requested;
  switch (op) {
    case 'cancel':
      return accepts ? null : 'notCancellable';
    case 'intercept':
      if (!accepts) return 'notInterceptable';
      if (pending) return 'interceptPending';
      return order.interceptState === InterceptState.succeeded ? 'alreadyIntercepted' : null;
    case 'cancelIntercept':
    case 'setInterceptResult':
      return accepts && pending ? null : 'noInterceptPending';
    case 'receive':
      return accepts ? null : 'notReceivable';
    case 'checkWv':
      return accepts ? null : 'notWeighable';
  }
}

/** Whether an interception keeps the parcel out of the flow (scans refuse it). */
export const isHeldByIntercept = (interceptState: number): boolean =>
  interceptState === InterceptState.requested || interceptState === InterceptState.succeeded;

/**
 * Our own tracking nodes (order_events.node) for what the order module records. Standard tracking
 * settings with the same code (e.g. RECEIVED) name them in the timeline; else order-messages.ts.
 * Public ones appear on the /search page and to customers; the others only to staff.
 */
export const OrderNode = {
  created: 'CREATED',
  received: 'RECEIVED',
  cancelled: 'CANCELLED',
  weighed: 'WEIGHED',
  carrierAssigned: 'CARRIER_ASSIGNED',
  interceptRequested: 'INTERCEPT_REQUESTED',
  interceptWithdrawn: 'INTERCEPT_WITHDRAWN',
  interceptSucceeded: 'INTERCEPT_SUCCEEDED',
  interceptFailed: 'INTERCEPT_FAILED',
} as const;
export type OrderNode = (typeof OrderNode)[keyof typeof OrderNode];

export const PUBLIC_NODES: readonly string[] = [OrderNode.created, OrderNode.received, OrderNode.cancelled];

/**
 * Abnormal kinds (order_abnormals.kind; orders.abnormal_flags has bit 2^(kind-1) while one is
 * pending), with the department that handles each by default (spec: 0 none … 5 account manager).
 */
export const AbnormalKind = {
  noCarrier: 1,
  intercepted: 2,
  weightDiscrepancy: 3,
  addressUnconfirmed: 4,
  sensitiveGoods: 5,
  noPrice: 6,
} as const;
export type AbnormalKind = (typeof AbnormalKind)[keyof typeof AbnormalKind];
export const ABNORMAL_KINDS: readonly AbnormalKind[] = Object.values(AbnormalKind);

export const abnormalBit = (kind: AbnormalKind): number => 1 << (kind - 1);

/** The kinds whose bits are set in a flags value. */
export const abnormalKindsOf = (flags: number): AbnormalKind[] =>
  ABNORMAL_KINDS.filter((k) => (flags & abnormalBit(k)) !== 0);

export const ABNORMAL_DEPARTMENT: Record<AbnormalKind, number> = {
  [AbnormalKind.noCarrier]: 3,
  [AbnormalKind.intercepted]: 2,
  [AbnormalKind.weightDiscrepancy]: 3,
  [AbnormalKind.addressUnconfirmed]: 2,
  [AbnormalKind.sensitiveGoods]: 4,
  [AbnormalKind.noPrice]: 1,
};

/**
 * Checked weight differs from the declared one by more than this: both more than 10 % of the
 * declared weight and more than 0.1 kg (a kitchen scale's error on a light parcel is not a problem).
 */
export function isWeightDiscrepancy(declaredKg: string | number, checkedKg: string | number): boolean {
  const declared = Number(declaredKg);
  const diff = Math.abs(Number(checkedKg) - declared);
  return diff > 0.1 && diff > declared * 0.1;
}
