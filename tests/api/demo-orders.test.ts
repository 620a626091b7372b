import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoOrders } from '../../src/server/db/seed/master/orders.ts';
import { seedPromptRecords } from '../../src/server/db/seed/master/prompt-records.ts';
import { deliversLastMile } from '../../src/server/modules/order-core/carrier-assign.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { LoopState } from '../../src/shared/domain/closed-loop.ts';
import { abnormalBit } from '../../src/shared/domain/order-rules.ts';
import { ORDER_STATUSES, OrderStatus } from '../../src/shared/domain/order-status.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callWith } from './support/call.ts';

/**
 * The demo orders (src/server/db/seed/master/orders.ts) on a copy of the test template, which is
 * seeded without them: as the order module would have written them, and readable through the
 * calls (the app checks every answer against the contract).
 */
describe('demo orders seed', () => {
  const t = useTestApp();
  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);
  let freeBefore: { carrier: string; n: number }[] = [];

  beforeAll(async () => {
    freeBefore = await q(sql`
      SELECT c.code AS carrier, count(*)::int AS n FROM tracking_numbers n JOIN carriers c ON c.id = n.carrier_id
      WHERE n.order_id IS NULL GROUP BY c.code ORDER BY c.code`);
    await seedDemoOrders(t.database.db);
    await seedPromptRecords(t.database.db);
  }, 120_000);

  it('makes a couple of thousand orders of both customers, every status and destination', async () => {
    const [n] = await q<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM orders o JOIN customers c ON c.id = o.customer_id
      WHERE c.code IN ('DEMO', 'OTHER')`);
    expect(n!.n).toBeGreaterThanOrEqual(2_000);
    const statuses = await q<{ status: number }>(sql`SELECT DISTINCT status FROM orders ORDER BY status`);
    expect(statuses.map((s) => s.status)).toEqual([...ORDER_STATUSES]);
    const countries = await q<{ code: string }>(sql`
      SELECT DISTINCT r.code FROM orders o JOIN regions r ON r.id = o.consignee_country_id ORDER BY r.code`);
    expect(countries.map((c) => c.code)).toEqual(['AE', 'BH', 'EG', 'KW', 'OM', 'QA', 'SA']);
    const customers = await q<{ code: string; n: number }>(sql`
      SELECT c.code, count(*)::int AS n FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY c.code`);
    expect(customers.map((c) => c.code).sort()).toEqual(['DEMO', 'OTHER']);
    const [recent] = await q<{ oldest: Date; newest: Date }>(sql`
      SELECT min(created_at) AS oldest, max(created_at) AS newest FROM orders`);
    expect(Date.now() - new Date(recent!.oldest).getTime()).toBeLessThan(61 * 86_400_000);
    expect(new Date(recent!.newest).getTime()).toBeLessThan(Date.now());
    // OTHER may not take COD (its property), and every order uses a channel the customer has.
    const [cod] = await q<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM orders o JOIN customers c ON c.id = o.customer_id
      WHERE c.code = 'OTHER' AND o.is_cod`);
    expect(cod!.n).toBe(0);
    const [foreign] = await q<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM orders o
      WHERE NOT EXISTS (SELECT 1 FROM customer_channels cc WHERE cc.customer_id = o.customer_id AND cc.channel_id = o.channel_id)`);
    expect(foreign!.n).toBe(0);
  });

  it('writes each status move as an event from the previous status, the last one the order’s', async () => {
    const [bad] = await q<{ chain: number; last: number; missing: number }>(sql`
      WITH ev AS (
        SELECT order_id, status, from_status,
          lag(status) OVER (PARTITION BY order_id ORDER BY occurred_at, id) AS prev,
          row_number() OVER (PARTITION BY order_id ORDER BY occurred_at DESC, id DESC) AS rn
        FROM order_events WHERE status IS NOT NULL)
      SELECT count(*) FILTER (WHERE ev.from_status IS DISTINCT FROM ev.prev)::int AS chain,
        count(*) FILTER (WHERE ev.rn = 1 AND ev.status <> o.status)::int AS last,
        (SELECT count(*)::int FROM orders x WHERE NOT EXISTS (
          SELECT 1 FROM order_events e WHERE e.order_id = x.id AND e.node = 'CREATED')) AS missing
      FROM ev JOIN orders o ON o.id = ev.order_id`);
    expect(bad).toEqual({ chain: 0, last: 0, missing: 0 });
    const [future] = await q<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM order_events WHERE occurred_at > now()`,
    );
    expect(future!.n).toBe(0);
  });

  it('gives received orders a carrier number of the pool, fees or a fee exception, and leaves the free pool alone', async () => {
    // A number (or the "No carrier number" mark) only on a channel that delivers the last mile, and
    // only from a last-mile carrier; a first-leg channel's orders have neither.
    const [r] = await q<{
      noNumber: number;
      offRoute: number;
      firstLeg: number;
      lineHaul: number;
      notInPool: number;
      unpriced: number;
      pending: number;
    }>(sql`
      SELECT
        count(*) FILTER (WHERE ${deliversLastMile} AND o.carrier_id IS NULL AND NOT EXISTS (SELECT 1 FROM order_abnormals a
          WHERE a.order_id = o.id AND a.kind = 1))::int AS "noNumber",
        count(*) FILTER (WHERE NOT ${deliversLastMile} AND (o.carrier_id IS NOT NULL OR EXISTS (SELECT 1 FROM order_abnormals a
          WHERE a.order_id = o.id AND a.kind = 1)))::int AS "offRoute",
        count(*) FILTER (WHERE NOT ${deliversLastMile})::int AS "firstLeg",
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM carriers c WHERE c.id = o.carrier_id AND c.last_mile = 0))::int AS "lineHaul",
        count(*) FILTER (WHERE o.carrier_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM tracking_numbers n
          WHERE n.carrier_id = o.carrier_id AND n.tracking_no = o.carrier_tracking_no AND n.order_id = o.id))::int AS "notInPool",
        count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM fee_details f WHERE f.order_id = o.id)
          AND NOT EXISTS (SELECT 1 FROM fee_exceptions x WHERE x.order_id = o.id AND x.state = 0))::int AS unpriced,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM fee_exceptions x WHERE x.order_id = o.id AND x.state = 0))::int AS pending
      FROM orders o JOIN shipping_channels ch ON ch.id = o.channel_id WHERE o.arrived_at IS NOT NULL`);
    expect(r).toMatchObject({ noNumber: 0, offRoute: 0, lineHaul: 0, notInPool: 0, unpriced: 0 });
    expect(r!.firstLeg).toBeGreaterThan(0);
    const freeAfter = await q(sql`
      SELECT c.code AS carrier, count(*)::int AS n FROM tracking_numbers n JOIN carriers c ON c.id = n.carrier_id
      WHERE n.order_id IS NULL GROUP BY c.code ORDER BY c.code`);
    expect(freeAfter).toEqual(freeBefore);
    const [unreceived] = await q<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM orders o
      WHERE o.arrived_at IS NULL AND (o.carrier_id IS NOT NULL OR EXISTS (SELECT 1 FROM fee_details f WHERE f.order_id = o.id))`);
    expect(unreceived!.n).toBe(0);
  });

  it('keeps abnormal flags, interceptions and pending marks consistent', async () => {
    const rows = await q<{ id: number; flags: number; pending: number[] }>(sql`
      SELECT o.id, o.abnormal_flags AS flags,
        coalesce(array_agg(a.kind) FILTER (WHERE a.state = 0), '{}') AS pending
      FROM orders o LEFT JOIN order_abnormals a ON a.order_id = o.id GROUP BY o.id`);
    const wrong = rows.filter((r) => r.flags !== r.pending.reduce((f, k) => f | abnormalBit(k as 1), 0));
    expect(wrong).toEqual([]);
    const kinds = await q<{ kind: number }>(sql`SELECT DISTINCT kind FROM order_abnormals ORDER BY kind`);
    expect(kinds.map((k) => k.kind)).toEqual([1, 2, 3, 4, 5, 6]);
    const [intercepts] = await q<{ pending: number; mismatched: number }>(sql`
      SELECT count(*) FILTER (WHERE i.state = 1)::int AS pending,
        count(*) FILTER (WHERE i.state = 1 AND o.intercept_state <> 1)::int AS mismatched
      FROM order_intercepts i JOIN orders o ON o.id = i.order_id`);
    expect(intercepts!.pending).toBeGreaterThanOrEqual(3);
    expect(intercepts!.mismatched).toBe(0);
  });

  it('is read by the list, detail and tracking calls, each customer seeing only its own', async () => {
    const admin = await t.login(...DEMO.admin);
    const demo = await t.login(...DEMO.demo);
    const all = await call(t, contract.order.list, {
      token: admin,
      body: { pageNo: 1, pageSize: 100 },
    });
    expect(all.body.data.total).toBeGreaterThanOrEqual(2_000);
    const mine = await call(t, contract.order.list, {
      token: demo,
      body: { pageNo: 1, pageSize: 100 },
    });
    expect(mine.body.data.records.every((r) => r.customerCode === 'DEMO')).toBe(true);
    // One order of each status, in full (its answer is checked against the contract).
    const picks = await q<{ id: number; tracking_no: string; status: number }>(sql`
      SELECT DISTINCT ON (status) id, tracking_no, status FROM orders ORDER BY status, id`);
    for (const p of picks) {
      const d = await call(t, contract.order.getOrderDetail, { params: { id: p.id }, token: admin });
      expect(d.status).toBe(200);
      expect(d.body.data.status).toBe(p.status);
      expect(d.body.data.statusHistory[0]?.status).toBe(p.status);
    }
    const signed = picks.find((p) => p.status === OrderStatus.signed)!;
    const track = await call(t, contract.common.trackingQuery, { params: { no: signed.tracking_no } });
    const events = track.body.data[0]!.track!.events;
    expect(events[0]!.status).toBe(OrderStatus.signed);
    expect(events.at(-1)!.status).toBe(OrderStatus.created);
    expect(track.raw).not.toContain('INTERCEPT');
  });

  it('is skipped when the demo orders are there', async () => {
    const [before] = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`);
    await seedDemoOrders(t.database.db);
    const [after] = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`);
    expect(after!.n).toBe(before!.n);
  });

  it('has the carriers’ confirmations behind every signed and returned order, and the COD remittances', async () => {
    const [gaps] = await q<{
      signed: number;
      returned: number;
      foreign: number;
      wrongCod: number;
      early: number;
    }>(sql`
      SELECT
        (SELECT count(*)::int FROM orders o WHERE o.status = ${OrderStatus.signed}
          AND NOT EXISTS (SELECT 1 FROM prompt_records p WHERE p.order_id = o.id AND p.kind = 1)) AS signed,
        (SELECT count(*)::int FROM orders o WHERE o.status = ${OrderStatus.returned}
          AND NOT EXISTS (SELECT 1 FROM prompt_records p WHERE p.order_id = o.id AND p.kind = 2)) AS returned,
        (SELECT count(*)::int FROM prompt_records p JOIN orders o ON o.id = p.order_id
          WHERE o.status NOT IN (${OrderStatus.signed}, ${OrderStatus.returned})) AS foreign,
        (SELECT count(*)::int FROM cod_remittances r JOIN orders o ON o.id = r.order_id
          WHERE o.status <> ${OrderStatus.signed} OR NOT o.is_cod OR r.amount <> o.cod_amount
            OR r.currency <> o.cod_currency) AS "wrongCod",
        (SELECT count(*)::int FROM prompt_records p JOIN import_logs l ON l.id = p.import_id
          WHERE l.created_at < p.occurred_at OR l.created_at > now()) AS early`);
    expect(gaps).toEqual({ signed: 0, returned: 0, foreign: 0, wrongCod: 0, early: 0 });
    const admin = await t.login(...DEMO.admin);
    const post = <E extends EndpointDef>(entry: E, body: Body<E>) =>
      callWith(t, entry, { token: admin, body, lang: 'en' });
    const deliveries = await post(contract.statement.promptDeliveryList, {});
    expect(deliveries.body.data.total).toBeGreaterThan(500);
    const recalled = await post(contract.statement.promptReturnList, { intercepted: true });
    expect(recalled.body.data.total).toBeGreaterThan(0);
    const logs = await post(contract.statement.promptLogList, { pageSize: 500 });
    expect(logs.body.data.records.some((l) => l.status === 2)).toBe(true);
    expect(logs.body.data.records.some((l) => l.kind === 2 && l.recorded > 0)).toBe(true);
    for (const state of [
      LoopState.inTransit,
      LoopState.awaitingRemittance,
      LoopState.closed,
      LoopState.returned,
    ]) {
      const page = await post(contract.closedLoop.list, { state });
      expect(page.body.data.total, `state ${state}`).toBeGreaterThan(0);
    }
    const remitted = await post(contract.closedLoop.list, { closed: '1', payment: '1' });
    expect(remitted.body.data.records.every((r) => r.remittedAmount === r.codAmount)).toBe(true);
  });
});
