import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoOrders } from '../../src/server/db/seed/master/orders.ts';
import {
  ANALYSIS_ROLLUP,
  ROLLUP_OPEN_DAYS,
  refreshRollup,
  rollupPlan,
} from '../../src/server/modules/analysis/analysis-rollup.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { ANALYSIS_GROUPS, addDays, today } from '../../src/shared/domain/analysis.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, type Input } from './support/call.ts';

const A = contract.analysis.statistics;

/**
 * The statistics rollup (analysis-rollup.ts) over the demo orders (60 days, so both closed and open
 * days): with it, every statistics answer of the whole business equals the live one exactly, also
 * after old orders and fee lines change and the refresher redoes their days; changes of fresh
 * orders mark nothing; two refreshers at once count nothing twice.
 */
describe('statistics rollup', () => {
  const t = useTestApp();
  let admin = '';
  let demo = '';
  const tz = () => t.config.businessTimeZone;
  const last = () => today(tz());
  const range = () => ({ startDate: addDays(last(), -60), endDate: last() });
  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);

  const stats = async (body: Input<typeof A>['body'], token = admin) => {
    const r = await call(t, A, { token, body, lang: 'en' });
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  /** The live answer: with the rollup's edge unset the statistics read no rollup. */
  const live = async (body: Parameters<typeof stats>[0]) => {
    const [st] = await q<{ edge: string | null }>(sql`SELECT edge::text AS edge FROM analysis_rollup_state`);
    await q(sql`UPDATE analysis_rollup_state SET edge = NULL`);
    try {
      return await stats(body);
    } finally {
      await q(sql`UPDATE analysis_rollup_state SET edge = ${st?.edge ?? null}::date`);
    }
  };
  const dirty = async () =>
    (await q<{ day: string }>(sql`SELECT day::text AS day FROM analysis_rollup_dirty ORDER BY day`)).map(
      (r) => r.day,
    );
  /** Every group-by, and a range inside the closed days, equal to the live answer. */
  const expectExact = async () => {
    for (const groupBy of ANALYSIS_GROUPS) {
      const body = { ...range(), groupBy };
      expect(await stats(body), groupBy).toEqual(await live(body));
    }
    const [startDate, endDate] = [addDays(last(), -50), addDays(last(), -40)];
    const closed = { startDate, endDate, groupBy: 'customer' as const };
    expect(await stats(closed)).toEqual(await live(closed));
  };
  /** An order created `days` ago (the oldest such), with a fee line. */
  const orderOf = async (days: number) => {
    const [o] = await q<{ id: string; day: string }>(sql`
      SELECT o.id::text AS id, (o.created_at AT TIME ZONE ${tz()})::date::text AS day FROM orders o
      WHERE o.created_at < now() - make_interval(days => ${days}) AND o.is_cod
        AND EXISTS (SELECT 1 FROM fee_details fd WHERE fd.order_id = o.id)
      ORDER BY o.created_at DESC LIMIT 1`);
    return o!;
  };

  beforeAll(async () => {
    await seedDemoOrders(t.database.db);
    admin = await t.login(...DEMO.admin);
    demo = await t.login(...DEMO.demo);
  }, 180_000);

  it('is built, read for the closed days, and equal to the live answer', async () => {
    expect(await rollupPlan(t.database.db, tz(), range().startDate, range().endDate)).toBeNull();
    const before = await stats({ ...range(), groupBy: 'channel' });
    const built = await refreshRollup(t.database.db, tz());
    expect(built).toMatchObject({ built: true, edge: addDays(last(), -ROLLUP_OPEN_DAYS) });
    expect(await rollupPlan(t.database.db, tz(), range().startDate, range().endDate)).toEqual({
      edge: addDays(last(), -ROLLUP_OPEN_DAYS),
      dirty: [],
    });
    const [n] = await q<{ n: number; orders: number }>(sql`
      SELECT (SELECT sum(n)::int FROM analysis_rollup_orders WHERE dim = 1) AS n,
        (SELECT count(*)::int FROM orders WHERE created_at < (${addDays(last(), -ROLLUP_OPEN_DAYS)}::date::timestamp AT TIME ZONE ${tz()})) AS orders`);
    expect(n!.n).toBeGreaterThan(0);
    expect(n!.n).toBe(n!.orders);
    expect(await stats({ ...range(), groupBy: 'channel' })).toEqual(before);
    await expectExact();

    // The answer does come from the rollup: a rolled-up count changed shows.
    await q(sql`UPDATE analysis_rollup_orders SET n = n + 1000
      WHERE (dim, day, g, cur) = (SELECT dim, day, g, cur FROM analysis_rollup_orders WHERE dim = 2 LIMIT 1)`);
    const tampered = await stats({ ...range(), groupBy: 'channel' });
    expect(tampered.totals.orders).toBe(before.totals.orders + 1000);
    // A customer account, a filter and the arrival basis read live.
    const own = { ...range(), groupBy: 'status' as const };
    expect(await stats(own, demo)).toEqual(
      await (async () => {
        await q(sql`UPDATE analysis_rollup_state SET edge = NULL`);
        const r = await stats(own, demo);
        await q(sql`UPDATE analysis_rollup_state SET edge = ${addDays(last(), -ROLLUP_OPEN_DAYS)}::date`);
        return r;
      })(),
    );
    const channel = before.groups[0]!.key;
    const filtered = { ...range(), channelId: Number(channel), groupBy: 'customer' as const };
    expect((await stats(filtered)).totals.orders).toBe(before.groups[0]!.figures.orders);
    // Rebuilt from scratch (as after a change of time zone), the tampering goes.
    await q(sql`UPDATE analysis_rollup_state SET time_zone = 'UTC'`);
    expect(await refreshRollup(t.database.db, tz())).toMatchObject({ built: true });
    expect(await stats({ ...range(), groupBy: 'channel' })).toEqual(before);
  });

  it('marks the days of changed old orders only, reads them live, and redoes them', async () => {
    const fresh = await orderOf(0);
    const old = await orderOf(40);
    expect(await dirty()).toEqual([]);
    // Fresh orders and their fee lines mark nothing; nor does an old order's column the statistics do not read.
    await q(
      sql`UPDATE orders SET cod_amount = cod_amount + 1, chargeable_weight = chargeable_weight + 1 WHERE id = ${fresh.id}`,
    );
    await q(sql`UPDATE fee_details SET amount = amount + 1 WHERE order_id = ${fresh.id}`);
    await q(sql`UPDATE orders SET consignee_name = consignee_name || 'x' WHERE id = ${old.id}`);
    expect(await dirty()).toEqual([]);

    await q(sql`UPDATE orders SET cod_amount = cod_amount + 7.25 WHERE id = ${old.id}`);
    expect(await dirty()).toEqual([old.day]);
    await expectExact();
    await q(
      sql`UPDATE orders SET chargeable_weight = chargeable_weight + 0.125, status = 11 WHERE id = ${old.id}`,
    );
    await q(sql`UPDATE fee_details SET amount = amount + 3.5 WHERE order_id = ${old.id}`);
    const [other] = await q<{ id: string; day: string }>(sql`
      SELECT o.id::text AS id, (o.created_at AT TIME ZONE ${tz()})::date::text AS day FROM orders o
      WHERE o.created_at < now() - interval '45 days' AND (o.created_at AT TIME ZONE ${tz()})::date <> ${old.day}::date
      LIMIT 1`);
    await q(sql`INSERT INTO fee_details (order_id, customer_id, fee_type, amount, currency, chargeable_weight)
      SELECT id, customer_id, 1, 12.34, 'CNY', chargeable_weight FROM orders WHERE id = ${other!.id}`);
    expect(await dirty()).toEqual([old.day, other!.day].sort());
    await expectExact();

    const r = await refreshRollup(t.database.db, tz());
    expect(r).toMatchObject({ built: false, days: 2 });
    expect(await dirty()).toEqual([]);
    await expectExact();

    // The triggers' age matches ROLLUP_OPEN_DAYS: the newest closed order's change marks its day.
    // Closed: its day, in the business time zone, before the edge (ROLLUP_OPEN_DAYS before today);
    // an order just over ROLLUP_OPEN_DAYS × 24 h old may still lie on the edge's own (open) day.
    const [edgeOrder] = await q<{ id: string; day: string }>(sql`
      SELECT o.id::text AS id, (o.created_at AT TIME ZONE ${tz()})::date::text AS day FROM orders o
      WHERE (o.created_at AT TIME ZONE ${tz()})::date < (now() AT TIME ZONE ${tz()})::date - ${ROLLUP_OPEN_DAYS}::int
        AND o.is_cod AND EXISTS (SELECT 1 FROM fee_details fd WHERE fd.order_id = o.id)
      ORDER BY o.created_at DESC LIMIT 1`);
    if (!edgeOrder) throw new Error('no closed COD order with fee lines in the demo seed');
    await q(sql`UPDATE orders SET cod_amount = cod_amount + 2 WHERE id = ${edgeOrder.id}`);
    expect(await dirty()).toEqual([edgeOrder.day]);
    await expectExact();
    expect(await refreshRollup(t.database.db, tz())).toMatchObject({ built: false, days: 1 });
    await expectExact();
  });

  it('moves the edge forward as days close, and two refreshers at once count nothing twice', async () => {
    // As if built five days ago: the days since are rolled up by the next refresh.
    const edge = addDays(last(), -ROLLUP_OPEN_DAYS - 5);
    await q(sql`DELETE FROM analysis_rollup_orders WHERE day >= ${edge}::date`);
    await q(sql`DELETE FROM analysis_rollup_fees WHERE day >= ${edge}::date`);
    await q(sql`UPDATE analysis_rollup_state SET edge = ${edge}::date`);
    await expectExact();
    await q(sql`UPDATE orders SET status = status WHERE created_at < now() - interval '50 days'`);
    await q(
      sql`UPDATE orders SET cod_amount = cod_amount + 1 WHERE created_at < now() - interval '50 days' AND is_cod`,
    );
    expect((await dirty()).length).toBeGreaterThan(1);
    // The job engine's queue holds one refresh waiting and one running (policy stately), whoever sends.
    expect(await t.jobs.send(ANALYSIS_ROLLUP, {})).not.toBeNull();
    expect(await t.jobs.send(ANALYSIS_ROLLUP, {})).toBeNull();
    expect(await t.jobs.drain([ANALYSIS_ROLLUP])).toBe(1);
    expect(await dirty()).toEqual([]);
    await q(
      sql`UPDATE orders SET cod_amount = cod_amount + 1 WHERE created_at < now() - interval '50 days' AND is_cod`,
    );
    // Two refreshes at once (the job and a benchmark's own) take turns: one redoes the days, the other finds them done.
    const [a, b] = await Promise.all([
      refreshRollup(t.database.db, tz()),
      refreshRollup(t.database.db, tz()),
    ]);
    expect([a!.days, b!.days].sort()).toEqual([0, expect.any(Number)]);
    expect(Math.max(a!.days, b!.days)).toBeGreaterThan(0);
    expect(a).toMatchObject({ built: false, edge: addDays(last(), -ROLLUP_OPEN_DAYS) });
    expect(await dirty()).toEqual([]);
    const [n] = await q<{ n: number; orders: number }>(sql`
      SELECT (SELECT sum(n)::int FROM analysis_rollup_orders WHERE dim = 3) AS n,
        (SELECT count(*)::int FROM orders WHERE created_at < (${addDays(last(), -ROLLUP_OPEN_DAYS)}::date::timestamp AT TIME ZONE ${tz()})) AS orders`);
    expect(n!.n).toBe(n!.orders);
    await expectExact();
  });
});
