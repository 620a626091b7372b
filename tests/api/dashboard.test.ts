import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../../src/shared/contract/dashboard.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { addDays, dayInZone, dayStart } from '../../src/shared/domain/zoned-time.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call } from './support/call.ts';
import { idsByCode, makeOrders } from './support/movement.ts';

/** The first moment of the business day `n` days before today: where a look-back starts. */
const daysBack = (t: { config: { businessTimeZone: string } }, n: number) =>
  dayStart(
    addDays(dayInZone(new Date(), t.config.businessTimeZone), -n),
    t.config.businessTimeZone,
  ).toISOString();

describe('the home dashboard', () => {
  const t = useTestApp();
  const tokens: Record<keyof typeof DEMO, string> = {} as never;
  const summary = async (who: keyof typeof DEMO) => {
    const r = await call(t, contract.dashboard.summary, { token: tokens[who], body: {} });
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const countOf = (s: DashboardSummary, key: string) => s.counts.find((c) => c.key === key)?.count;

  beforeAll(async () => {
    for (const who of Object.keys(DEMO) as (keyof typeof DEMO)[])
      tokens[who] = await t.login(DEMO[who][0], DEMO[who][1]);
  });

  it('counts what arrived today, per hour of the business day, and what waits', async () => {
    const before = await summary('admin');
    expect(before.counts.map((c) => c.key).sort()).toEqual(
      ['codPending', 'exceptionsOpen', 'openBills', 'pickedUpToday', 'receivedToday'].sort(),
    );
    expect(before.scansByHour).toHaveLength(24);
    expect(new Date(before.today.end).getTime() - new Date(before.today.start).getTime()).toBe(86_400_000);

    await makeOrders(t, { demo: tokens.demo, operator: tokens.operator }, 3);
    const after = await summary('admin');
    expect(countOf(after, 'receivedToday')).toBe(countOf(before, 'receivedToday')! + 3);
    const perHour = (s: DashboardSummary) => s.scansByHour!.reduce((a, h) => a + h.count, 0);
    expect(perHour(after)).toBe(perHour(before) + 3);
    expect(perHour(after)).toBe(countOf(after, 'receivedToday'));

    // An open bill is counted where it waits.
    const bill = await call(t, contract.lading.create, {
      token: tokens.operator,
      body: { channelId: (await idsByCode(t, 'shipping_channels'))['CN-SA-AIR-COD']! },
    });
    expect(bill.status, bill.raw).toBe(200);
    expect(countOf(await summary('admin'), 'openBills')).toBe(countOf(after, 'openBills')! + 1);
  });

  it('shows the tracking-number pools, warning when one runs low', async () => {
    const s = await summary('admin');
    expect(s.pools!.length).toBeGreaterThan(0);
    for (const p of s.pools!) expect(p.low).toBe(p.free < 100 || p.free < (p.usedLast7Days / 7) * 3);
    const [carrier] = s.pools!;
    await t.database.db.execute(
      sql`DELETE FROM tracking_numbers WHERE carrier_id = ${carrier!.carrierId} AND order_id IS NULL
          AND id NOT IN (SELECT id FROM tracking_numbers WHERE carrier_id = ${carrier!.carrierId} AND order_id IS NULL ORDER BY id LIMIT 5)`,
    );
    const low = (await summary('admin')).pools!.find((p) => p.carrierId === carrier!.carrierId)!;
    expect(low.free).toBeLessThanOrEqual(5);
    expect(low.low).toBe(true);
  });

  it('shows finance the COD signed for and not remitted, per currency', async () => {
    // A COD order signed for today, which the partner has not remitted yet.
    await t.database.db.execute(sql`
      UPDATE orders SET status = ${OrderStatus.signed}, is_cod = true, cod_amount = 123.45, cod_currency = 'SAR',
        finished_at = now()
      WHERE id = (SELECT o.id FROM orders o WHERE NOT EXISTS (SELECT 1 FROM cod_remittances r WHERE r.order_id = o.id)
        ORDER BY o.id LIMIT 1)`);
    const s = await summary('finance');
    expect(s.unsettled!.find((u) => u.currency === 'SAR')!.orderCount).toBeGreaterThan(0);
    const expected = await t.database.db.execute<{ currency: string; amount: string }>(sql`
      SELECT cod_currency AS currency, sum(cod_amount)::numeric(14, 2)::text AS amount FROM orders o
      WHERE status = ${OrderStatus.signed} AND is_cod AND finished_at >= ${daysBack(t, 89)}
        AND NOT EXISTS (SELECT 1 FROM cod_remittances r WHERE r.order_id = o.id)
      GROUP BY 1 ORDER BY 1`);
    expect(s.unsettled!.map(({ currency, amount }) => ({ currency, amount }))).toEqual(expected.rows);
  });

  it('gives staff only the figures of the lists they may open', async () => {
    const s = await summary('finance');
    const menus = await call(t, contract.system.getUserMenus, { token: tokens.finance });
    const paths = new Set(menus.body.data.map((m) => m.path));
    expect(countOf(s, 'receivedToday') !== undefined).toBe(paths.has('/admin/order/list'));
    expect(countOf(s, 'codPending') !== undefined).toBe(paths.has('/admin/report/codModification'));
    expect(s.scansByHour === null).toBe(!paths.has('/admin/order/scan'));
    expect(s.pools === null).toBe(!paths.has('/admin/options/trackingNo'));
  });

  it("gives a customer its own orders per status and its exceptions, never another's", async () => {
    const [demo, other] = [await summary('demo'), await summary('other')];
    for (const s of [demo, other]) {
      expect(s.counts.map((c) => c.key)).toEqual(['myExceptions']);
      expect([s.scansByHour, s.pools, s.unsettled]).toEqual([null, null, null]);
    }
    const own = async (customer: string) =>
      (
        await t.database.db.execute<{ status: number; n: number }>(sql`
        SELECT o.status, count(*)::int AS n FROM orders o JOIN customers c ON c.id = o.customer_id
        WHERE c.code = ${customer} AND o.created_at >= ${daysBack(t, 29)} GROUP BY o.status ORDER BY o.status`)
      ).rows.map((r) => ({ status: r.status, count: r.n }));
    expect(demo.ordersByStatus).toEqual(await own('DEMO'));
    expect(other.ordersByStatus).toEqual(await own('OTHER'));
    expect(demo.ordersByStatus).not.toEqual(other.ordersByStatus);
    // The sub-account sees its main account's customer.
    expect((await summary('demoSub')).ordersByStatus).toEqual(demo.ordersByStatus);
  });

  it('refuses the PDA and a caller without a session', async () => {
    const pda = await call(t, contract.dashboard.summary, { token: tokens.pda, body: {} });
    expect(pda.status).toBe(403);
    const none = await call(t, contract.dashboard.summary, { body: {} });
    expect(none.status).toBe(401);
  });
});
