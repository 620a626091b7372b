import { AbnormalKind } from './order-rules.ts';
import { OrderStatus } from './order-status.ts';

/**
 * Order analysis (order/analysis/*): what its figures count, written once for the server, the
 * screen and the tests.
 *
 * Every figure counts orders by their business day: the day, in the business time zone, of the
 * order's creation or of its arrival at the warehouse (the time basis), from the first day to the
 * last one inclusive, at most ANALYSIS_MAX_DAYS days.
 */
export const ANALYSIS_MAX_DAYS = 366;

/** The analysis screen opens on the last 30 business days, today included. */
export const ANALYSIS_DEFAULT_DAYS = 30;

/** What statistics group their figures and series by ('none': the whole business, one series). */
export const ANALYSIS_GROUPS = ['none', 'customer', 'channel', 'country', 'status'] as const;
export type AnalysisGroup = (typeof ANALYSIS_GROUPS)[number];

/** Series shown one by one (the largest groups); the rest are summed into one "others" series. */
export const ANALYSIS_TOP_SERIES = 8;
/** The key of the "others" series, and of the whole business when nothing groups. */
export const OTHERS_KEY = 'others';
export const ALL_KEY = 'all';

/**
 * Problem kinds the exception figures count, each the orders that had that problem at some time
 * (an abnormal mark, open or handled since: order_abnormals, which interceptions, fee exceptions and
 * weight discrepancies also write) or that ended that way (returned, lost). "Open" counts the
 * orders whose mark is still pending; an ending is never open.
 */
export const EXCEPTION_KINDS = [
  'noCarrier',
  'intercepted',
  'weightDiscrepancy',
  'addressUnconfirmed',
  'sensitiveGoods',
  'noPrice',
  'returned',
  'lost',
] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

/** The abnormal mark behind a kind, or the final status. */
export const EXCEPTION_SOURCE: Record<ExceptionKind, { abnormal: AbnormalKind } | { status: OrderStatus }> = {
  noCarrier: { abnormal: AbnormalKind.noCarrier },
  intercepted: { abnormal: AbnormalKind.intercepted },
  weightDiscrepancy: { abnormal: AbnormalKind.weightDiscrepancy },
  addressUnconfirmed: { abnormal: AbnormalKind.addressUnconfirmed },
  sensitiveGoods: { abnormal: AbnormalKind.sensitiveGoods },
  noPrice: { abnormal: AbnormalKind.noPrice },
  returned: { status: OrderStatus.returned },
  lost: { status: OrderStatus.lost },
};

/** The status funnel: the main line, each stage counting the orders that got at least that far. */
export const FUNNEL_STAGES: readonly OrderStatus[] = [
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

/**
 * How far along the main line an order with this status got, as a FUNNEL_STAGES index, read from
 * its current status alone (the status history would cost a read of every event): a returned order
 * went out for delivery and came back; a lost one is known only to have reached the warehouse (an
 * order may be lost only once received); a cancelled one was only created (the received stage
 * counts the orders that arrived at the warehouse, cancelled later or not).
 */
export function funnelReach(status: number): number {
  if (status === OrderStatus.returned) return FUNNEL_STAGES.indexOf(OrderStatus.outForDelivery);
  if (status === OrderStatus.lost) return FUNNEL_STAGES.indexOf(OrderStatus.received);
  return Math.max(0, FUNNEL_STAGES.indexOf(status as OrderStatus));
}

/**
 * The funnel's counts from the orders per current status and the number that arrived at the
 * warehouse: stage k counts the orders whose reach is k or more; the received stage counts the
 * arrivals (every order past it arrived too).
 */
export function funnelCounts(byStatus: ReadonlyMap<number, number>, arrived: number): number[] {
  const counts = FUNNEL_STAGES.map(() => 0);
  for (const [status, n] of byStatus) for (let k = 0; k <= funnelReach(status); k++) counts[k]! += n;
  const received = FUNNEL_STAGES.indexOf(OrderStatus.received);
  counts[received] = Math.min(counts[0]!, Math.max(counts[received]!, arrived));
  return counts;
}

// ---- business days ('YYYY-MM-DD') ----

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The day `n` days after `day` (before, when negative). */
export const addDays = (day: string, n: number): string =>
  new Date(dayMs(day) + n * DAY_MS).toISOString().slice(0, 10);

/** Days from the first to the last, both counted (1 for the same day; 0 or less when reversed). */
export const daySpan = (first: string, last: string): number =>
  Math.round((dayMs(last) - dayMs(first)) / DAY_MS) + 1;

/** Every day from the first to the last. */
export const daysOf = (first: string, last: string): string[] =>
  Array.from({ length: Math.max(0, daySpan(first, last)) }, (_, k) => addDays(first, k));

/** Today's date in a time zone (the business one on the server; the browser's own on the screen). */
export function today(timeZone?: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
