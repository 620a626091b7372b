import { sql } from 'drizzle-orm';
import {
  ClearanceStatus,
  LadingOrderType,
  MailState,
  PickupStatus,
} from '../../../../shared/domain/lading.ts';
import { OrderStatus } from '../../../../shared/domain/order-status.ts';
import type { Db } from '../../client.ts';
import {
  batches,
  batchItems,
  billRemarks,
  ladingBills,
  ladingItems,
  orderEvents,
} from '../../schema/index.ts';
import { AIRLINES, BATCH_REMARKS, BILL_REMARKS, PORTS } from './movements-data.ts';
import { readMovementFacts } from './movements-facts.ts';
import { seedOverseasLadings } from './movements-overseas.ts';
import {
  airWaybill,
  billNo,
  type Candidate,
  confirmedAtOf,
  type Group,
  groupByWindow,
  HOUR,
  heldBillColumns,
  keyParts,
  MINUTE,
  NONE,
  type OrderFacts,
  ordersOf,
  type PlannedBill,
  planBills,
  sequence,
  serialIds,
  stepOf,
  totalsOf,
} from './movements-plan.ts';
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
 *
 * What it reads is movements-facts.ts, its plan (timelines, groups, bills) movements-plan.ts, the
 * overseas ladings movements-overseas.ts and its vocabulary movements-data.ts.
 */

export async function seedDemoMovements(db: Db): Promise<void> {
  const [held] = (
    await db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM lading_items) + (SELECT count(*) FROM overseas_items) AS n`)
  ).rows;
  if (Number(held?.n ?? 0) > 0) return;

  const r = generator(20_261_129);
  const now = Date.now();
  const world = await readMovementFacts(db);
  if (!world) return;
  const { operator, scanner, channelOf, mailOf, countryCode, facts } = world;

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

  const overseas = await seedOverseasLadings(db, r, now, facts, keyOf, moved, { operator, scanner });

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
