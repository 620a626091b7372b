import { sql } from 'drizzle-orm';
import { ExchangeState, MovementNode } from '../../../../shared/domain/lading.ts';
import { OrderStatus } from '../../../../shared/domain/order-status.ts';
import type { Db } from '../../client.ts';
import { exchangeRecords, orderEvents, orders, overseasItems, overseasLadings } from '../../schema/index.ts';
import {
  type Candidate,
  confirmedAtOf,
  groupByWindow,
  HOUR,
  heldBillColumns,
  keyParts,
  MINUTE,
  NONE,
  type OrderFacts,
  type PlannedBill,
  planBills,
  stepOf,
} from './movements-plan.ts';
import { bulkInsert, type generator } from './orders.ts';

/**
 * The overseas ladings (movements.ts): orders that arrived abroad, scanned into bills, handed to the
 * last-mile carrier at each bill's time (their events moved there, into `moved`) and relabelled
 * on the way (exchange records and events). Answers the bills, for their remarks.
 */
export async function seedOverseasLadings(
  db: Db,
  r: ReturnType<typeof generator>,
  now: number,
  facts: readonly OrderFacts[],
  keyOf: (o: OrderFacts) => string,
  moved: Map<number, number>,
  by: { operator: number | null; scanner: number | null },
): Promise<PlannedBill[]> {
  const { operator, scanner } = by;
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
  return overseas;
}
