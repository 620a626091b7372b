import { type SQL, sql } from 'drizzle-orm';
import { ConfirmState, PickupStatus } from '../../../../shared/domain/lading.ts';
import type { Db } from '../../client.ts';
import type { generator } from './orders.ts';

/** The plan of the demo movements (movements.ts): order timelines, groups of scans in a window, bills numbered and written. */

export const HOUR = 3_600_000;
export const MINUTE = 60_000;
export const ZONE = 'Asia/Shanghai';
export const NONE = Number.POSITIVE_INFINITY;

export interface OrderFacts {
  id: number;
  channelId: number;
  carrierId: number | null;
  countryId: number | null;
  status: number;
  /** What it adds to a bill (movement.ts parcelOf). */
  pieceCount: number;
  weight: string;
  volumeWeight: string;
  carrierTrackingNo: string | null;
  cancelledAt: number | null;
  /** The order's events, oldest first. */
  events: { id: number; status: number | null; at: number }[];
}

/** A step of an order's timeline: its event, and the times of the events either side. */
export interface Step {
  eventId: number;
  at: number;
  before: number;
  after: number;
}

export function stepOf(o: OrderFacts, status: number): Step | undefined {
  const i = o.events.findIndex((e) => e.status === status);
  if (i < 0) return undefined;
  const e = o.events[i]!;
  return {
    eventId: e.id,
    at: e.at,
    before: i > 0 ? o.events[i - 1]!.at : Number.NEGATIVE_INFINITY,
    after: i + 1 < o.events.length ? o.events[i + 1]!.at : NONE,
  };
}

export interface Candidate<T> {
  item: T;
  key: string;
  /** When it came in (scan time): groups hold what came in close together. */
  start: number;
  /** The shared time must fall strictly inside (lo, hi). */
  lo: number;
  hi: number;
}

export interface Group<T> {
  key: string;
  members: Candidate<T>[];
  lo: number;
  hi: number;
  /** The shared time (pickup, departure, hand-over), inside (lo, hi) and not after now. */
  at: number;
}

/**
 * Groups what came in close together (within `span` of the group's first, at most `size`) under
 * one key, as long as one time can still fall inside every member's window.
 */
export function groupByWindow<T>(all: Candidate<T>[], span: number, size: number, now: number): Group<T>[] {
  const groups: Group<T>[] = [];
  const open = new Map<string, Group<T>>();
  const margin = 10 * MINUTE;
  for (const c of [...all].sort((a, b) => a.start - b.start)) {
    const g = open.get(c.key);
    const lo = g ? Math.max(g.lo, c.lo) : c.lo;
    const hi = g ? Math.min(g.hi, c.hi, now) : Math.min(c.hi, now);
    if (g && c.start - g.members[0]!.start <= span && g.members.length < size && lo + 2 * margin < hi) {
      g.members.push(c);
      g.lo = lo;
      g.hi = hi;
      continue;
    }
    const fresh: Group<T> = { key: c.key, members: [c], lo: c.lo, hi: Math.min(c.hi, now), at: 0 };
    groups.push(fresh);
    open.set(c.key, fresh);
  }
  for (const g of groups)
    g.at = g.hi - g.lo < 2 * margin ? (g.lo + g.hi) / 2 : g.lo + Math.min(3 * HOUR, (g.hi - g.lo) / 2);
  return groups;
}

/** An air waybill number: airline prefix, seven digits and their check digit (mod 7). */
export const airWaybill = (prefix: string, serial: number) => `${prefix}-${serial}${serial % 7}`;

export const day = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: '2-digit',
  month: '2-digit',
  day: '2-digit',
});
/** A bill number as the modules make them (movement.ts nextNo): prefix, business day, sequence. */
export const billNo = (prefix: string, at: number, seq: number) =>
  `${prefix}${day.format(at).replaceAll('-', '')}${String(seq).padStart(4, '0')}`;

/** The next `n` values of a sequence. */
export async function nextValues(db: Db, sequence: SQL, n: number): Promise<number[]> {
  if (n === 0) return [];
  const r = await db.execute<{ v: string }>(
    sql`SELECT nextval(${sequence}::regclass)::text AS v FROM generate_series(1, ${n}::int)`,
  );
  return r.rows.map((x) => Number(x.v));
}

/** Numbers of new bills (a bill number's sequence), and ids of new rows (the table's serial). */
export const sequence = (db: Db, name: string, n: number) => nextValues(db, sql`${name}`, n);
export const serialIds = (db: Db, table: string, n: number) =>
  nextValues(db, sql`pg_get_serial_sequence(${table}, 'id')`, n);

export const sum = (xs: readonly string[]) => xs.reduce((a, x) => a + Number(x), 0).toFixed(3);

/** A bill's totals: what its orders add (movement.ts parcelOf), summed. */
export const totalsOf = (list: readonly Pick<OrderFacts, 'pieceCount' | 'weight' | 'volumeWeight'>[]) => ({
  orderCount: list.length,
  pieceCount: list.reduce((n, o) => n + o.pieceCount, 0),
  weight: sum(list.map((o) => o.weight)),
  volumeWeight: sum(list.map((o) => o.volumeWeight)),
});

/** The channel, carrier and destination a group's key names. */
export function keyParts(key: string) {
  const [channelId, carrierId, countryId] = key.split('|').map(Number) as [number, number, number];
  return { channelId, carrierId: carrierId || null, countryId: countryId || null };
}

/** A lading bill or an overseas lading to write: its orders, numbered and with its id. */
export interface PlannedBill {
  group: Group<OrderFacts>;
  pickedUp: boolean;
  createdAt: number;
  no: string;
  id: number;
}

export const ordersOf = (b: PlannedBill) => b.group.members.map((m) => m.item);
export const latestScanOf = (b: PlannedBill) => Math.max(...b.group.members.map((m) => m.start));

/**
 * The bills of picked-up and still waiting groups, made a little before their first scan, in the
 * order they were made: numbered as the modules number them, their ids taken from the table's serial.
 */
export async function planBills(
  db: Db,
  r: ReturnType<typeof generator>,
  groups: { picked: Group<OrderFacts>[]; waiting: Group<OrderFacts>[] },
  bill: { prefix: 'LD' | 'OS'; sequence: string; table: string; leadMinutes: [number, number] },
): Promise<PlannedBill[]> {
  const planned = [
    ...groups.picked.map((group) => ({ group, pickedUp: true })),
    ...groups.waiting.map((group) => ({ group, pickedUp: false })),
  ]
    .map((b) => ({ ...b, createdAt: b.group.members[0]!.start - r.between(...bill.leadMinutes) * MINUTE }))
    .sort((a, b) => a.createdAt - b.createdAt);
  const nos = await sequence(db, bill.sequence, planned.length);
  const ids = await serialIds(db, bill.table, planned.length);
  return planned.map((b, i) => ({ ...b, no: billNo(bill.prefix, b.createdAt, nos[i]!), id: ids[i]! }));
}

/**
 * What lading bills and overseas ladings share: their number and id, confirmed when `confirmedAt`
 * says (confirmedAtOf), picked up at the group's time, the totals, who made them and when.
 */
export function heldBillColumns(b: PlannedBill, confirmedAt: number | null, operator: number | null) {
  return {
    id: b.id,
    no: b.no,
    confirmState: confirmedAt === null ? ConfirmState.open : ConfirmState.confirmed,
    confirmedAt: confirmedAt === null ? null : new Date(confirmedAt),
    confirmedBy: confirmedAt === null ? null : operator,
    pickupStatus: b.pickedUp ? PickupStatus.pickedUp : PickupStatus.notPickedUp,
    pickedUpAt: b.pickedUp ? new Date(b.group.at) : null,
    pickedUpBy: b.pickedUp ? operator : null,
    ...totalsOf(ordersOf(b)),
    createdBy: operator,
    createdAt: new Date(b.createdAt),
    updatedAt: new Date(b.pickedUp ? b.group.at : (confirmedAt ?? latestScanOf(b))),
  };
}

/**
 * When a bill was confirmed: picked up, `share` of the way from its last possible scan to the
 * pickup; waiting, a little after its last scan once that is `after` ms old; else not yet.
 */
export function confirmedAtOf(
  b: PlannedBill,
  r: ReturnType<typeof generator>,
  now: number,
  share: number,
  after: number,
  lagMinutes: [number, number],
): number | null {
  if (b.pickedUp) return b.group.lo + (b.group.at - b.group.lo) * share;
  const latestScan = latestScanOf(b);
  return now - latestScan > after ? latestScan + r.between(...lagMinutes) * MINUTE : null;
}
