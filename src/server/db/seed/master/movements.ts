import { and, inArray, type SQL, sql } from 'drizzle-orm';
import {
  ClearanceStatus,
  ConfirmState,
  ExchangeState,
  LadingOrderType,
  MailState,
  MovementNode,
  PickupStatus,
} from '../../../../shared/domain/lading.ts';
import { OrderStatus } from '../../../../shared/domain/order-status.ts';
import { parcelOf } from '../../../modules/bill/movement.ts';
import type { Db } from '../../client.ts';
import {
  batches,
  batchItems,
  billRemarks,
  carriers,
  customers,
  exchangeRecords,
  ladingBills,
  ladingItems,
  orderEvents,
  orders,
  overseasItems,
  overseasLadings,
  regions,
  shippingChannels,
  users,
} from '../../schema/index.ts';
import { bulkInsert, generator, routeOf } from './orders.ts';

/**
 * The movement of the demo orders (after orders.ts): the lading bills, batches with their air
 * cargo, overseas ladings and exchange records their tracking events tell of, as the lading, batch,
 * overseas and exchange modules would have written them. An order whose events say it went into a
 * lading bill is in one: picked up when the order was, still open (or confirmed, waiting for the
 * carrier) when the order is still in lading. Picked-up air bills fly in batches; orders that
 * arrived abroad were scanned into overseas ladings, handed to the last-mile carrier (out for
 * delivery) and relabelled (exchange scan) on the way. Parcels picked up together share one time:
 * each bill's pickup, each batch's departure and each overseas hand-over moves its orders' events
 * of that step to it, always between the events before and after (the seed's timelines keep their
 * order). Totals are summed from the items. Skipped once any bill holds an order.
 */

export const HOUR = 3_600_000;
export const MINUTE = 60_000;
export const ZONE = 'Asia/Shanghai';
const NONE = Number.POSITIVE_INFINITY;

interface OrderFacts {
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
interface Step {
  eventId: number;
  at: number;
  before: number;
  after: number;
}

function stepOf(o: OrderFacts, status: number): Step | undefined {
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

interface Candidate<T> {
  item: T;
  key: string;
  /** When it came in (scan time): groups hold what came in close together. */
  start: number;
  /** The shared time must fall strictly inside (lo, hi). */
  lo: number;
  hi: number;
}

interface Group<T> {
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
function groupByWindow<T>(all: Candidate<T>[], span: number, size: number, now: number): Group<T>[] {
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

const BILL_REMARKS = [
  '两箱外包装破损，已在仓库加固',
  'Carrier van came late: picked up after 21:00',
  '带电货物已单独打包',
  'Counted twice at the dock: pieces match',
  '承运商要求提前一天通知提货',
  'Seal numbers written on the manifest',
];

const BATCH_REMARKS = [
  '舱位已确认',
  'Space confirmed with the airline',
  '航班延误两小时',
  'ULD built at CAN',
];

/** Airline prefixes (IATA) of the demo's air cargo, and the airline that flies it. */
const AIRLINES: [prefix: string, airline: string, flight: string][] = [
  ['784', 'China Southern Cargo', 'CZ'],
  ['065', 'Saudia Cargo', 'SV'],
  ['176', 'Emirates SkyCargo', 'EK'],
  ['157', 'Qatar Airways Cargo', 'QR'],
];

/** Destination airports by country code. */
const PORTS: Record<string, string> = {
  SA: 'RUH',
  AE: 'DXB',
  KW: 'KWI',
  QA: 'DOH',
  BH: 'BAH',
  OM: 'MCT',
  EG: 'CAI',
};

/** An air waybill number: airline prefix, seven digits and their check digit (mod 7). */
const airWaybill = (prefix: string, serial: number) => `${prefix}-${serial}${serial % 7}`;

const day = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: '2-digit',
  month: '2-digit',
  day: '2-digit',
});
/** A bill number as the modules make them (movement.ts nextNo): prefix, business day, sequence. */
export const billNo = (prefix: string, at: number, seq: number) =>
  `${prefix}${day.format(at).replaceAll('-', '')}${String(seq).padStart(4, '0')}`;

/** The next `n` values of a sequence. */
async function nextValues(db: Db, sequence: SQL, n: number): Promise<number[]> {
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

const sum = (xs: readonly string[]) => xs.reduce((a, x) => a + Number(x), 0).toFixed(3);

/** A bill's totals: what its orders add (movement.ts parcelOf), summed. */
export const totalsOf = (list: readonly Pick<OrderFacts, 'pieceCount' | 'weight' | 'volumeWeight'>[]) => ({
  orderCount: list.length,
  pieceCount: list.reduce((n, o) => n + o.pieceCount, 0),
  weight: sum(list.map((o) => o.weight)),
  volumeWeight: sum(list.map((o) => o.volumeWeight)),
});

/** The channel, carrier and destination a group's key names. */
function keyParts(key: string) {
  const [channelId, carrierId, countryId] = key.split('|').map(Number) as [number, number, number];
  return { channelId, carrierId: carrierId || null, countryId: countryId || null };
}

/** A lading bill or an overseas lading to write: its orders, numbered and with its id. */
interface PlannedBill {
  group: Group<OrderFacts>;
  pickedUp: boolean;
  createdAt: number;
  no: string;
  id: number;
}

const ordersOf = (b: PlannedBill) => b.group.members.map((m) => m.item);
const latestScanOf = (b: PlannedBill) => Math.max(...b.group.members.map((m) => m.start));

/**
 * The bills of picked-up and still waiting groups, made a little before their first scan, in the
 * order they were made: numbered as the modules number them, their ids taken from the table's serial.
 */
async function planBills(
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
function heldBillColumns(b: PlannedBill, confirmedAt: number | null, operator: number | null) {
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
function confirmedAtOf(
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

export async function seedDemoMovements(db: Db): Promise<void> {
  const [held] = (
    await db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM lading_items) + (SELECT count(*) FROM overseas_items) AS n`)
  ).rows;
  if (Number(held?.n ?? 0) > 0) return;

  const r = generator(20_261_129);
  const now = Date.now();
  const userRows = await db.select({ id: users.id, username: users.username }).from(users);
  const user = (name: string) => userRows.find((u) => u.username === name)?.id ?? null;
  const operator = user('operator') ?? user('admin');
  const scanner = user('pda') ?? operator;

  const channelRows = await db
    .select({ id: shippingChannels.id, code: shippingChannels.code, type: shippingChannels.ladingType })
    .from(shippingChannels);
  const channelOf = new Map(channelRows.map((c) => [c.id, c]));
  const carrierRows = await db.select({ id: carriers.id, email: carriers.email }).from(carriers);
  const mailOf = new Map(
    carrierRows.map((c) => [
      c.id,
      c.email
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
        .join(', '),
    ]),
  );
  const countryRows = await db.select({ id: regions.id, code: regions.code }).from(regions);
  const countryCode = new Map(countryRows.map((c) => [c.id, c.code]));

  // The demo orders that went into a lading bill, with their events.
  const demo = await db
    .select({ id: customers.id })
    .from(customers)
    .where(inArray(customers.code, ['DEMO', 'OTHER']));
  if (demo.length === 0) return;
  const orderRows = await db
    .select({
      id: orders.id,
      channelId: orders.channelId,
      carrierId: orders.carrierId,
      countryId: orders.consigneeCountryId,
      status: orders.status,
      packageCount: orders.packageCount,
      checkedWeight: orders.checkedWeight,
      declaredWeight: orders.declaredWeight,
      volumeWeight: orders.volumeWeight,
      carrierTrackingNo: orders.carrierTrackingNo,
      cancelledAt: orders.cancelledAt,
    })
    .from(orders)
    .where(
      and(
        inArray(
          orders.customerId,
          demo.map((c) => c.id),
        ),
        sql`EXISTS (SELECT 1 FROM ${orderEvents} e WHERE e.order_id = ${orders.id} AND e.status = ${OrderStatus.inLading})`,
      ),
    );
  if (orderRows.length === 0) return;
  const eventRows = await db
    .select({
      id: orderEvents.id,
      orderId: orderEvents.orderId,
      status: orderEvents.status,
      at: orderEvents.occurredAt,
    })
    .from(orderEvents)
    .where(
      inArray(
        orderEvents.orderId,
        orderRows.map((o) => o.id),
      ),
    )
    .orderBy(orderEvents.orderId, orderEvents.occurredAt, orderEvents.id);
  const eventsOf = new Map<number, OrderFacts['events']>();
  for (const e of eventRows) {
    const list = eventsOf.get(e.orderId) ?? [];
    if (list.length === 0) eventsOf.set(e.orderId, list);
    list.push({ id: e.id, status: e.status, at: e.at.getTime() });
  }
  const facts: OrderFacts[] = orderRows.map((o) => ({
    id: o.id,
    channelId: o.channelId,
    carrierId: o.carrierId,
    countryId: o.countryId,
    status: o.status,
    ...parcelOf(o),
    carrierTrackingNo: o.carrierTrackingNo,
    cancelledAt: o.cancelledAt?.getTime() ?? null,
    events: eventsOf.get(o.id) ?? [],
  }));

  /** Event times moved to a shared step time (event id → time). */
  const moved = new Map<number, number>();
  const keyOf = (o: OrderFacts) => `${o.channelId}|${o.carrierId ?? 0}|${o.countryId ?? 0}`;

  // ---- lading bills ----
  const picked: Candidate<OrderFacts>[] = [];
  const waiting: Candidate<OrderFacts>[] = [];
  const dropped: OrderFacts[] = [];
  for (const o of facts) {
    const lading = stepOf(o, OrderStatus.inLading)!;
    const pickup = stepOf(o, OrderStatus.pickedUp);
    if (pickup)
      picked.push({ item: o, key: keyOf(o), start: lading.at, lo: pickup.before, hi: pickup.after });
    else if (o.status === OrderStatus.inLading)
      waiting.push({ item: o, key: keyOf(o), start: lading.at, lo: lading.at, hi: NONE });
    else dropped.push(o); // cancelled in lading (an interception): released from its bill
  }
  const pickedGroups = groupByWindow(picked, 30 * HOUR, 60, now);
  const waitingGroups = groupByWindow(waiting, 24 * HOUR, 60, now);
  // An order taken out of its bill (held by an interception, then cancelled) stays listed as released.
  const released = new Map<Group<OrderFacts>, { o: OrderFacts; at: number }[]>();
  for (const o of dropped) {
    const scannedAt = stepOf(o, OrderStatus.inLading)!.at;
    const g = pickedGroups.find(
      (x) => x.key === keyOf(o) && x.members[0]!.start - 24 * HOUR <= scannedAt && scannedAt < x.at,
    );
    if (!g) continue;
    const list = released.get(g) ?? [];
    if (list.length === 0) released.set(g, list);
    list.push({ o, at: Math.min(o.cancelledAt ?? g.at, g.at) });
  }

  const bills = await planBills(
    db,
    r,
    { picked: pickedGroups, waiting: waitingGroups },
    { prefix: 'LD', sequence: 'lading_no_seq', table: 'lading_bills', leadMinutes: [10, 50] },
  );
  const reached = (b: PlannedBill, status: number) =>
    b.group.members.some((m) => m.item.events.some((e) => e.status === status));
  // One recent push failed (the carrier's server refused it): it waits for a retry.
  const failedNo = bills.filter((b) => b.pickedUp).at(-3)?.no;
  await bulkInsert(
    db,
    ladingBills,
    bills.map((b) => {
      const { channelId, carrierId, countryId } = keyParts(b.group.key);
      const channel = channelOf.get(channelId)!;
      let clearance: number = ClearanceStatus.new;
      if (channel.type === 1 && b.pickedUp) {
        if (ordersOf(b).every((o) => o.status >= OrderStatus.arrivedOverseas))
          clearance =
            now - b.group.at > 20 * 24 * HOUR ? ClearanceStatus.settled : ClearanceStatus.clearanceComplete;
        else if (reached(b, OrderStatus.customsClearance)) clearance = ClearanceStatus.revisionComplete;
      }
      const country = countryId === null ? '' : (countryCode.get(countryId) ?? '');
      const failed = b.no === failedNo;
      const columns = heldBillColumns(b, confirmedAtOf(b, r, now, 0.6, 12 * HOUR, [20, 90]), operator);
      return {
        ...columns,
        channelId,
        carrierId,
        type: channel.type,
        orderType: LadingOrderType.order,
        countryId,
        itemCount: columns.orderCount,
        mailState: b.pickedUp ? (failed ? MailState.failed : MailState.success) : MailState.notPushed,
        mailPushedAt: b.pickedUp ? new Date(b.group.at + r.between(1, 4) * MINUTE) : null,
        mailMessage: b.pickedUp
          ? failed
            ? '550 5.1.1 <lading@carrier.example>: Recipient address rejected: mailbox unavailable'
            : `250 2.0.0 OK: queued as ${r.digits(10)}`
          : '',
        mailTo: b.pickedUp && carrierId !== null ? (mailOf.get(carrierId) ?? '') : '',
        mailAttempts: b.pickedUp ? 1 : 0,
        clearanceStatus: clearance,
        declarationNo: clearance >= ClearanceStatus.revisionComplete ? `${country}${r.digits(12)}` : '',
      };
    }),
  );

  const items: (typeof ladingItems.$inferInsert)[] = [];
  for (const b of bills) {
    for (const m of b.group.members) {
      items.push({
        billId: b.id,
        orderId: m.item.id,
        active: true,
        orderCount: 1,
        pieceCount: m.item.pieceCount,
        weight: m.item.weight,
        volumeWeight: m.item.volumeWeight,
        scannedAt: new Date(m.start),
        scannedBy: scanner,
        createdAt: new Date(m.start),
      });
      if (b.pickedUp) moved.set(stepOf(m.item, OrderStatus.pickedUp)!.eventId, b.group.at);
    }
    for (const { o, at } of released.get(b.group) ?? []) {
      const scannedAt = stepOf(o, OrderStatus.inLading)!.at;
      items.push({
        billId: b.id,
        orderId: o.id,
        active: false,
        orderCount: 1,
        pieceCount: o.pieceCount,
        weight: o.weight,
        volumeWeight: o.volumeWeight,
        scannedAt: new Date(scannedAt),
        scannedBy: scanner,
        createdAt: new Date(scannedAt),
        releasedAt: new Date(Math.max(at, scannedAt + MINUTE)),
      });
    }
  }
  items.sort((a, b) => (a.scannedAt as Date).getTime() - (b.scannedAt as Date).getTime());
  await bulkInsert(db, ladingItems, items);

  const remarks: (typeof billRemarks.$inferInsert)[] = [];
  for (const b of bills)
    if (r.chance(0.08)) {
      const content = r.pick(BILL_REMARKS);
      remarks.push({
        kind: 'lading',
        billId: b.id,
        content,
        createdBy: operator,
        createdAt: new Date(b.createdAt + r.between(30, 240) * MINUTE),
      });
    }

  // ---- batches: picked-up air bills, by destination, flying together ----
  interface AirBill {
    bill: PlannedBill;
    country: string;
  }
  const flown: Candidate<AirBill>[] = [];
  const toFly: AirBill[] = [];
  for (const b of bills) {
    if (!b.pickedUp) continue;
    const { channelId, countryId } = keyParts(b.group.key);
    const route = routeOf(channelOf.get(channelId)!.code);
    if (route !== 'air' && route !== 'firstLeg') continue;
    const country = countryId === null ? '' : (countryCode.get(countryId) ?? '');
    const transit = b.group.members.map((m) => stepOf(m.item, OrderStatus.inTransit));
    if (transit.every((x) => x === undefined)) {
      if (b.group.members.every((m) => m.item.status === OrderStatus.pickedUp))
        toFly.push({ bill: b, country });
      continue;
    }
    if (transit.some((x) => x === undefined)) continue; // some returned or lost before flying: no batch
    const lo = Math.max(b.group.at, ...transit.map((x) => x!.before));
    const hi = Math.min(...transit.map((x) => x!.after));
    // Its orders' timelines leave no time they could all have flown at: no batch (flown apart).
    if (lo + 20 * MINUTE >= hi) continue;
    flown.push({ item: { bill: b, country }, key: country, start: b.group.at, lo, hi });
  }
  const flying = groupByWindow(flown, 36 * HOUR, 8, now);
  interface PlannedBatch {
    bills: PlannedBill[];
    country: string;
    createdAt: number;
    /** The departure (orders in transit from then), or undefined for a batch still being built. */
    pickedUpAt: number | undefined;
  }
  const planned: PlannedBatch[] = flying.map((g) => ({
    bills: g.members.map((m) => m.item.bill),
    country: g.key,
    createdAt: g.lo + (g.at - g.lo) * 0.3,
    pickedUpAt: g.at,
  }));
  for (const g of flying)
    for (const m of g.members)
      for (const o of m.item.bill.group.members)
        moved.set(stepOf(o.item, OrderStatus.inTransit)!.eventId, g.at);
  // Bills picked up and not yet flown: the older ones are in a batch being built; the newest of each
  // destination waits in no batch.
  const byCountry = new Map<string, AirBill[]>();
  for (const a of toFly) {
    const list = byCountry.get(a.country) ?? [];
    if (list.length === 0) byCountry.set(a.country, list);
    list.push(a);
  }
  for (const [country, list] of byCountry) {
    const inBatch = list.slice(0, -1);
    if (inBatch.length === 0) continue;
    planned.push({
      bills: inBatch.map((a) => a.bill),
      country,
      createdAt: Math.min(now - 5 * MINUTE, Math.max(...inBatch.map((a) => a.bill.group.at)) + 40 * MINUTE),
      pickedUpAt: undefined,
    });
  }
  planned.sort((a, b) => a.createdAt - b.createdAt);
  const batchSeq = await sequence(db, 'batch_no_seq', planned.length);
  const batchIds = await serialIds(db, 'batches', planned.length);
  const flights = planned.map((p, i) => ({
    ...p,
    no: billNo('BT', p.createdAt, batchSeq[i]!),
    id: batchIds[i]!,
  }));
  await bulkInsert(
    db,
    batches,
    flights.map((p) => {
      const [prefix, airline, flight] = r.pick(AIRLINES);
      const departure =
        p.pickedUpAt !== undefined ? p.pickedUpAt + r.between(2, 5) * HOUR : now + r.between(8, 30) * HOUR;
      return {
        id: p.id,
        batchNo: p.no,
        airlineBillNo: airWaybill(prefix, r.int(1_000_000, 9_999_999)),
        airCargoNo: `${flight}${r.int(300, 989)}`,
        departurePort: r.chance(0.7) ? 'CAN' : 'SZX',
        destinationPort: PORTS[p.country] ?? '',
        departureTime: new Date(departure),
        arrivalTime: new Date(departure + r.between(8.5, 11) * HOUR),
        portCarrier: airline,
        firstCarrier: r.chance(0.5) ? 'SF Express' : 'YunExpress',
        charged: r.chance(0.2),
        mixed: r.chance(0.6),
        ladingCount: p.bills.length,
        ...totalsOf(p.bills.flatMap(ordersOf)),
        pickupStatus: p.pickedUpAt !== undefined ? PickupStatus.pickedUp : PickupStatus.notPickedUp,
        pickedUpAt: p.pickedUpAt !== undefined ? new Date(p.pickedUpAt) : null,
        pickedUpBy: p.pickedUpAt !== undefined ? operator : null,
        createdBy: operator,
        createdAt: new Date(p.createdAt),
        updatedAt: new Date(p.pickedUpAt ?? p.createdAt),
      };
    }),
  );
  const batchRows: (typeof batchItems.$inferInsert)[] = [];
  for (const p of flights) {
    p.bills.forEach((b, i) => {
      batchRows.push({
        batchId: p.id,
        ladingId: b.id,
        ...totalsOf(ordersOf(b)),
        scannedAt: new Date(p.createdAt + (i + 1) * MINUTE),
        scannedBy: operator,
        createdAt: new Date(p.createdAt + (i + 1) * MINUTE),
      });
    });
    if (r.chance(0.3)) {
      const content = r.pick(BATCH_REMARKS);
      remarks.push({
        kind: 'batch',
        billId: p.id,
        content,
        createdBy: operator,
        createdAt: new Date(p.createdAt + 20 * MINUTE),
      });
    }
  }
  await bulkInsert(db, batchItems, batchRows);

  // ---- overseas ladings: arrived abroad, handed to the last-mile carrier ----
  const handed: Candidate<OrderFacts>[] = [];
  const arrived: Candidate<OrderFacts>[] = [];
  for (const o of facts) {
    const arrival = stepOf(o, OrderStatus.arrivedOverseas);
    if (!arrival) continue;
    const out = stepOf(o, OrderStatus.outForDelivery);
    if (out) handed.push({ item: o, key: keyOf(o), start: arrival.at, lo: out.before, hi: out.after });
    else if (o.status === OrderStatus.arrivedOverseas)
      arrived.push({ item: o, key: keyOf(o), start: arrival.at, lo: arrival.at, hi: NONE });
  }
  const handedGroups = groupByWindow(handed, 24 * HOUR, 80, now);
  const arrivedGroups = groupByWindow(arrived, 24 * HOUR, 80, now);
  const overseas = await planBills(
    db,
    r,
    { picked: handedGroups, waiting: arrivedGroups },
    { prefix: 'OS', sequence: 'overseas_no_seq', table: 'overseas_ladings', leadMinutes: [5, 30] },
  );
  await bulkInsert(
    db,
    overseasLadings,
    overseas.map((b) => ({
      ...heldBillColumns(b, confirmedAtOf(b, r, now, 0.5, 6 * HOUR, [15, 60]), operator),
      ...keyParts(b.group.key),
    })),
  );
  const overseasRows: (typeof overseasItems.$inferInsert)[] = [];
  const exchanges: (typeof exchangeRecords.$inferInsert)[] = [];
  const exchangedOrders: { id: number; at: number; no: string }[] = [];
  for (const b of overseas) {
    for (const m of b.group.members) {
      const o = m.item;
      overseasRows.push({
        billId: b.id,
        orderId: o.id,
        pieceCount: o.pieceCount,
        weight: o.weight,
        volumeWeight: o.volumeWeight,
        scannedAt: new Date(m.start),
        scannedBy: scanner,
        createdAt: new Date(m.start),
      });
      if (b.pickedUp) moved.set(stepOf(o, OrderStatus.outForDelivery)!.eventId, b.group.at);
      // Relabelled between the scan in and the hand-over (or, still waiting, some of them already).
      const relabel = b.pickedUp
        ? Math.max(m.start, m.lo) + (b.group.at - Math.max(m.start, m.lo)) * r.between(0.2, 0.8)
        : r.chance(0.4)
          ? Math.min(now - MINUTE, m.start + r.between(0.5, 6) * HOUR)
          : null;
      const labelled = relabel !== null && o.carrierId !== null && !!o.carrierTrackingNo;
      exchanges.push({
        orderId: o.id,
        exchanged: labelled ? ExchangeState.exchanged : ExchangeState.notExchanged,
        carrierId: o.carrierId,
        carrierTrackingNo: o.carrierTrackingNo,
        scanCount: labelled ? 1 : 0,
        exchangedAt: labelled ? new Date(relabel) : null,
        exchangedBy: labelled ? scanner : null,
        createdAt: new Date(m.start),
      });
      if (labelled) exchangedOrders.push({ id: o.id, at: relabel, no: o.carrierTrackingNo! });
    }
  }
  await bulkInsert(db, overseasItems, overseasRows);
  await bulkInsert(db, exchangeRecords, exchanges);
  await bulkInsert(
    db,
    orderEvents,
    exchangedOrders.map((x) => ({
      orderId: x.id,
      node: MovementNode.exchanged,
      carrierId: null,
      description: x.no,
      isPublic: false,
      occurredAt: new Date(x.at),
      operatorId: scanner,
      createdAt: new Date(x.at),
    })),
  );
  if (exchangedOrders.length)
    await db.execute(sql`
      UPDATE ${orders} o SET exchange_status = ${ExchangeState.exchanged}, exchanged_at = x.at
      FROM unnest(${sql.param(exchangedOrders.map((x) => x.id))}::bigint[], ${sql.param(exchangedOrders.map((x) => new Date(x.at).toISOString()))}::timestamptz[]) AS x(id, at)
      WHERE o.id = x.id`);

  // The overseas bills' remarks, then every remark's latest on its bill.
  for (const b of overseas)
    if (r.chance(0.05))
      remarks.push({
        kind: 'overseas',
        billId: b.id,
        content: r.pick(['清关后到货，外箱完好', 'Handed over at the carrier’s hub', '部分包裹需重新贴标']),
        createdBy: operator,
        createdAt: new Date(b.createdAt + r.between(30, 180) * MINUTE),
      });
  await bulkInsert(db, billRemarks, remarks);
  for (const [table, kind] of [
    ['lading_bills', 'lading'],
    ['batches', 'batch'],
    ['overseas_ladings', 'overseas'],
  ] as const)
    await db.execute(sql`
      UPDATE ${sql.identifier(table)} b SET remark = r.content FROM (
        SELECT DISTINCT ON (bill_id) bill_id, content FROM bill_remarks WHERE kind = ${kind}
        ORDER BY bill_id, created_at DESC) r WHERE b.id = r.bill_id`);

  // Parcels picked up, flown and handed over together: their events of that step at the shared time.
  if (moved.size)
    await db.execute(sql`
      UPDATE ${orderEvents} e SET occurred_at = m.at, created_at = m.at
      FROM unnest(${sql.param([...moved.keys()])}::bigint[], ${sql.param([...moved.values()].map((t) => new Date(t).toISOString()))}::timestamptz[]) AS m(id, at)
      WHERE e.id = m.id`);
}
