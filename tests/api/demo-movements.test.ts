import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMovements } from '../../src/server/db/seed/master/movements.ts';
import { seedDemoOrders } from '../../src/server/db/seed/master/orders.ts';
import { seedDemoPackages } from '../../src/server/db/seed/master/packages.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { consigneeKey } from '../../src/shared/domain/lading.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call } from './support/call.ts';

/**
 * The demo movements (src/server/db/seed/master/movements.ts) over the demo orders, on a copy of the
 * test template: every order the events put in a lading bill, a batch or an overseas lading is in
 * one, the bills' totals are their items', the shared pickup, departure and hand-over times are the
 * orders' events of that step, no order's timeline goes backwards, and the calls read it all.
 */
describe('demo movements seed', () => {
  const t = useTestApp();
  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);
  const one = async (query: ReturnType<typeof sql>) => Number((await q<{ n: number }>(query))[0]!.n);

  beforeAll(async () => {
    await seedDemoOrders(t.database.db);
    await seedDemoMovements(t.database.db);
    await seedDemoPackages(t.database.db);
  }, 180_000);

  it('puts every order that went into lading in one bill, picked up when the order was', async () => {
    const lading = await one(sql`
      SELECT count(DISTINCT order_id)::int AS n FROM order_events WHERE status = ${OrderStatus.inLading}`);
    expect(lading).toBeGreaterThan(1_500);
    // Not cancelled: in exactly one live item, its own or its package's; cancelled ones (held, then
    // cancelled): released.
    expect(
      await one(sql`
        SELECT count(*)::int AS n FROM orders o
        WHERE EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.status = ${OrderStatus.inLading})
          AND o.status <> ${OrderStatus.cancelled}
          AND (SELECT count(*) FROM lading_items i WHERE i.active AND (i.order_id = o.id OR i.package_id IN (
            SELECT p.package_id FROM package_items p WHERE p.order_id = o.id AND p.active))) <> 1`),
    ).toBe(0);
    expect(
      await one(sql`
        SELECT count(*)::int AS n FROM lading_items i JOIN orders o ON o.id = i.order_id
        WHERE i.active AND o.status = ${OrderStatus.cancelled}`),
    ).toBe(0);
    // Still in lading: an open (or confirmed) bill; picked up: a picked-up bill, at the event's time.
    expect(
      await one(sql`
        SELECT count(*)::int AS n FROM orders o
        JOIN lading_items i ON i.order_id = o.id AND i.active JOIN lading_bills b ON b.id = i.bill_id
        WHERE (o.status = ${OrderStatus.inLading}) <> (b.pickup_status = 1)`),
    ).toBe(0);
    expect(
      await one(sql`
        SELECT count(*)::int AS n FROM lading_items i JOIN lading_bills b ON b.id = i.bill_id
        JOIN order_events e ON e.order_id = i.order_id AND e.status = ${OrderStatus.pickedUp}
        WHERE i.active AND e.occurred_at <> b.picked_up_at`),
    ).toBe(0);
    expect(
      await one(
        sql`SELECT count(*)::int AS n FROM lading_bills WHERE pickup_status = 1 AND confirm_state = 0`,
      ),
    ).toBeGreaterThan(0);
    // Picked up: the carrier had its e-mail, but for one push that failed and waits for a retry.
    expect(
      await one(sql`SELECT count(*)::int AS n FROM lading_bills WHERE pickup_status = 2 AND mail_state = 2`),
    ).toBe(1);
    expect(
      await one(
        sql`SELECT count(*)::int AS n FROM lading_bills WHERE (pickup_status = 2) <> (mail_state IN (1, 2))`,
      ),
    ).toBe(0);
    // One channel and carrier a bill, as the scan checks.
    expect(
      await one(sql`
        SELECT count(*)::int AS n FROM lading_items i JOIN lading_bills b ON b.id = i.bill_id
        JOIN orders o ON o.id = i.order_id
        WHERE o.channel_id <> b.channel_id OR o.carrier_id IS DISTINCT FROM b.carrier_id`),
    ).toBe(0);
  });

  it('keeps every bill’s totals equal to its live items, and every batch’s to its bills', async () => {
    // A lading bill's totals: its columns and what scans into it tallied (the package bill's scan).
    const wrong = await q(sql`
      SELECT b.no FROM lading_bills b LEFT JOIN LATERAL (
        SELECT count(*) AS n, coalesce(sum(order_count), 0) AS orders, coalesce(sum(piece_count), 0) AS pieces,
          coalesce(sum(weight), 0) AS w, coalesce(sum(volume_weight), 0) AS vw
        FROM lading_items i WHERE i.bill_id = b.id AND i.active) s ON true
      LEFT JOIN LATERAL (
        SELECT coalesce(sum(item_count), 0) AS n, coalesce(sum(order_count), 0) AS orders,
          coalesce(sum(piece_count), 0) AS pieces, coalesce(sum(weight), 0) AS w,
          coalesce(sum(volume_weight), 0) AS vw
        FROM lading_bill_tallies y WHERE y.bill_id = b.id) y ON true
      WHERE b.item_count + y.n <> s.n OR b.order_count + y.orders <> s.orders
        OR b.piece_count + y.pieces <> s.pieces OR b.weight + y.w <> s.w OR b.volume_weight + y.vw <> s.vw`);
    expect(wrong).toEqual([]);
    const batches = await q(sql`
      SELECT t.batch_no FROM batches t LEFT JOIN LATERAL (
        SELECT count(*) AS n, sum(b.order_count) AS orders, sum(b.weight) AS w
        FROM batch_items i JOIN lading_bills b ON b.id = i.lading_id WHERE i.batch_id = t.id AND i.active) s ON true
      WHERE t.lading_count <> s.n OR t.order_count <> s.orders OR t.weight <> s.w`);
    expect(batches).toEqual([]);
    const overseas = await q(sql`
      SELECT b.no FROM overseas_ladings b LEFT JOIN LATERAL (
        SELECT count(*) AS n, sum(weight) AS w FROM overseas_items i WHERE i.bill_id = b.id AND i.active) s ON true
      WHERE b.order_count <> s.n OR b.weight <> s.w`);
    expect(overseas).toEqual([]);
  });

  it('flies picked-up clearance bills in batches whose departure is their orders’ transit', async () => {
    expect(await one(sql`SELECT count(*)::int AS n FROM batches WHERE pickup_status = 2`)).toBeGreaterThan(
      20,
    );
    expect(
      await one(sql`
        SELECT count(*)::int AS n FROM batch_items i JOIN lading_bills b ON b.id = i.lading_id
        WHERE b.pickup_status <> 2 OR b.type <> 1`),
    ).toBe(0);
    expect(
      await one(sql`
        SELECT count(*)::int AS n FROM batches t JOIN batch_items bi ON bi.batch_id = t.id
        JOIN lading_items li ON li.bill_id = bi.lading_id AND li.active
        JOIN order_events e ON e.order_id = li.order_id AND e.status = ${OrderStatus.inTransit}
        WHERE t.pickup_status = 2 AND e.occurred_at <> t.picked_up_at`),
    ).toBe(0);
    // Every air waybill number carries its check digit.
    const awbs = await q<{ airline_bill_no: string }>(sql`SELECT airline_bill_no FROM batches`);
    for (const { airline_bill_no: awb } of awbs) {
      const serial = awb.split('-')[1]!;
      expect(Number(serial.slice(0, 7)) % 7).toBe(Number(serial[7]));
    }
  });

  it('hands arrived orders over in overseas ladings, relabelled on the way', async () => {
    expect(
      await one(sql`
        SELECT count(*)::int AS n FROM orders o
        WHERE EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.status = ${OrderStatus.arrivedOverseas})
          AND o.status IN (${OrderStatus.arrivedOverseas}, ${OrderStatus.outForDelivery}, ${OrderStatus.signed})
          AND NOT EXISTS (SELECT 1 FROM overseas_items i WHERE i.order_id = o.id AND i.active)`),
    ).toBe(0);
    expect(
      await one(sql`
        SELECT count(*)::int AS n FROM overseas_items i JOIN overseas_ladings b ON b.id = i.bill_id
        JOIN order_events e ON e.order_id = i.order_id AND e.status = ${OrderStatus.outForDelivery}
        WHERE b.pickup_status <> 2 OR e.occurred_at <> b.picked_up_at`),
    ).toBe(0);
    // Exchanged: the order says so, and its (internal) event sits between arrival and hand-over.
    expect(
      await one(sql`SELECT count(*)::int AS n FROM exchange_records WHERE exchanged = 1`),
    ).toBeGreaterThan(500);
    expect(
      await one(sql`
        SELECT count(*)::int AS n FROM exchange_records x JOIN orders o ON o.id = x.order_id
        WHERE (x.exchanged = 1) <> (o.exchange_status = 1) OR x.exchanged_at IS DISTINCT FROM o.exchanged_at
          OR (x.exchanged = 1 AND NOT EXISTS (
            SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.node = 'EXCHANGED' AND NOT e.is_public
              AND e.occurred_at = x.exchanged_at))`),
    ).toBe(0);
    expect(
      await one(sql`
        SELECT count(*)::int AS n FROM exchange_records x
        JOIN order_events a ON a.order_id = x.order_id AND a.status = ${OrderStatus.arrivedOverseas}
        LEFT JOIN order_events d ON d.order_id = x.order_id AND d.status = ${OrderStatus.outForDelivery}
        WHERE x.exchanged = 1 AND (x.exchanged_at <= a.occurred_at OR x.exchanged_at >= d.occurred_at
          OR x.exchanged_at > now())`),
    ).toBe(0);
  });

  it('merges a buyer’s orders waiting at the warehouse into packages, as the package scan would', async () => {
    // Each item's order: what the consignee key is made of, beside its package's figures.
    type Row = Parameters<typeof consigneeKey>[0] & {
      no: string;
      key: string;
      confirm: number;
      orderCount: number;
      status: number;
      inLading: boolean;
      packed: number;
      billNo: string | null;
      laded: number;
    };
    const rows = await q<Row>(sql`
      SELECT p.no, p.consignee_key AS key, p.confirm_state AS confirm, p.order_count AS "orderCount",
        o.customer_id AS "customerId", o.channel_id AS "channelId",
        o.consignee_country_id AS "countryId", o.consignee_name AS name, o.consignee_phone AS phone,
        o.consignee_address AS address, o.status,
        EXISTS (SELECT 1 FROM lading_items l WHERE l.order_id = o.id AND l.active) AS "inLading",
        (SELECT count(*)::int FROM order_events e WHERE e.order_id = o.id AND e.node = 'PACKED'
          AND e.description = p.no AND e.occurred_at = i.scanned_at) AS packed,
        (SELECT b.no FROM lading_items l JOIN lading_bills b ON b.id = l.bill_id
          WHERE l.package_id = p.id AND l.active) AS "billNo",
        (SELECT count(*)::int FROM order_events e WHERE e.order_id = o.id AND e.node = 'IN_LADING'
          AND e.status = ${OrderStatus.inLading} AND e.description = p.no) AS laded
      FROM packages p JOIN package_items i ON i.package_id = p.id AND i.active JOIN orders o ON o.id = i.order_id
      ORDER BY p.id, i.id`);
    const nos = new Set(rows.map((x) => x.no));
    expect(nos.size).toBeGreaterThanOrEqual(3);
    // One consignee a package (the key the scan compares), waiting at the warehouse, each scan an event.
    expect(rows.filter((x) => consigneeKey(x) !== x.key)).toEqual([]);
    // The orders of a package in a lading bill are in lading (an event each), the others received.
    expect(
      rows.filter(
        (x) =>
          x.status !== (x.billNo ? OrderStatus.inLading : OrderStatus.received) ||
          x.laded !== (x.billNo ? 1 : 0) ||
          x.inLading ||
          x.packed !== 1,
      ),
    ).toEqual([]);
    for (const no of nos) {
      const members = rows.filter((x) => x.no === no);
      expect(members.length).toBeGreaterThanOrEqual(2);
      expect(members[0]!.orderCount).toBe(members.length);
    }
    expect(
      await one(sql`
        SELECT count(*)::int AS n FROM packages p WHERE p.weight <> (
          SELECT sum(i.weight) FROM package_items i WHERE i.package_id = p.id AND i.active)`),
    ).toBe(0);
    expect(new Set(rows.map((x) => x.confirm))).toEqual(new Set([0, 1]));
    // The oldest sealed package went into a package lading bill opened for it; another sealed one waits.
    const held = rows.filter((x) => x.billNo !== null);
    const heldNos = new Set(held.map((x) => x.no));
    expect(heldNos.size).toBe(1);
    expect(held.every((x) => x.confirm === 1)).toBe(true);
    expect(rows.filter((x) => x.confirm === 1 && x.billNo === null).length).toBeGreaterThanOrEqual(2);

    // Read by the calls: the package list and detail, and the order's detail names its package.
    const operator = await t.login(...DEMO.operator);
    const list = await call(t, contract.package.list, { token: operator, body: {} });
    expect(list.body.data.total).toBe(nos.size);
    const p = list.body.data.records[0]!;
    const d = await call(t, contract.package.detail, { params: { id: p.recId }, token: operator });
    expect(d.body.data.items).toHaveLength(p.orderCount);
    const order = await call(t, contract.order.getOrderDetail, {
      params: { id: d.body.data.items[0]!.orderId },
      token: operator,
    });
    expect(order.body.data.holders).toMatchObject([{ kind: 'package', recId: p.recId, no: p.no }]);
    // The package lading bill: open, its one package's orders counted, listed by its order type.
    const ladings = await call(t, contract.lading.list, {
      token: operator,
      body: { orderType: 2 },
    });
    expect(ladings.body.data.records).toMatchObject([
      {
        no: held[0]!.billNo,
        orderType: 2,
        confirmState: 0,
        pickupStatus: 1,
        itemCount: 1,
        orderCount: held.length,
      },
    ]);
    const ladingDetail = await call(t, contract.lading.detail, {
      params: { id: ladings.body.data.records[0]!.recId },
      token: operator,
    });
    expect(ladingDetail.body.data.items).toMatchObject([{ kind: 'package', trackingNo: [...heldNos][0] }]);
    await seedDemoPackages(t.database.db);
    expect(await one(sql`SELECT count(*)::int AS n FROM packages`)).toBe(nos.size);
  });

  it('leaves every order’s timeline in order, and nothing in the future', async () => {
    const backwards = await q(sql`
      SELECT order_id FROM (
        SELECT order_id, status, lag(status) OVER (PARTITION BY order_id ORDER BY occurred_at, id) AS before
        FROM order_events WHERE status IS NOT NULL) s
      WHERE before IS NOT NULL AND status < before AND status NOT IN (${OrderStatus.received}, ${OrderStatus.cancelled})
      LIMIT 5`);
    expect(backwards).toEqual([]);
    for (const table of ['lading_bills', 'batches', 'overseas_ladings', 'packages'])
      expect(
        await one(sql`
          SELECT count(*)::int AS n FROM ${sql.identifier(table)}
          WHERE created_at > now() OR picked_up_at > now() OR picked_up_at < created_at`),
      ).toBe(0);
  });

  it('is read through the calls, and seeds once', async () => {
    const operator = await t.login(...DEMO.operator);
    const open = await call(t, contract.lading.list, {
      token: operator,
      body: { pickupStatus: 1, pageSize: 50 },
    });
    expect(open.status).toBe(200);
    expect(open.body.data.total).toBeGreaterThan(0);
    const bill = open.body.data.records[0]!;
    const d = await call(t, contract.lading.detail, { params: { id: bill.recId }, token: operator });
    expect(d.status).toBe(200);
    expect(d.body.data.items.length).toBe(bill.itemCount);
    const flown = await call(t, contract.batch.list, {
      token: operator,
      body: { pickupStatus: 2, pageSize: 5 },
    });
    expect(flown.body.data.total).toBeGreaterThan(20);
    const overseas = await call(t, contract.overseasLading.list, {
      token: operator,
      body: {},
    });
    expect(overseas.body.data.total).toBeGreaterThan(50);
    const exchanged = await call(t, contract.exchange.scanList, {
      token: operator,
      body: { exchanged: 1 },
    });
    expect(exchanged.body.data.total).toBeGreaterThan(500);

    const before = await one(sql`SELECT count(*)::int AS n FROM lading_bills`);
    await seedDemoMovements(t.database.db);
    expect(await one(sql`SELECT count(*)::int AS n FROM lading_bills`)).toBe(before);
  });
});
