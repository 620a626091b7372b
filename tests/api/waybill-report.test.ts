import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoOrders } from '../../src/server/db/seed/master/orders.ts';
import { dayOf } from '../../src/server/modules/order/print/print-orders.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { ReportRow } from '../../src/shared/contract/report.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { addDays } from '../../src/shared/domain/report-period.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { callRaw, callWith } from './support/call.ts';
import { idsByCode } from './support/movement.ts';
import {
  allPages,
  byCurrency,
  exportRows,
  type Finished,
  finish,
  makeFinished,
  Sums,
} from './support/reports.ts';

type Who = keyof typeof DEMO;
const { report: calls } = contract;

const FIELDS = ['freight', 'codFee', 'otherFee', 'totalFee', 'codAmount'] as const;
const COUNTS = ['orderCount', 'packageCount', 'codOrderCount', 'signedCount', 'returnedCount'] as const;

/**
 * The waybill report (report/list, detail and the three exports): orders by customer and day or
 * month of creation or arrival, cancelled ones left out; counts, weights, fees and COD per currency
 * that add up exactly; scope, permissions, filters, paging.
 */
describe('waybill report', () => {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  let customer: Record<string, number> = {};
  let region: Record<string, number> = {};
  let o: Record<'sa' | 'ae' | 'cancelled' | 'other', Finished>;
  const today = () => dayOf(new Date(), 'Asia/Shanghai');
  const todayRange = () => ({ startDate: today(), endDate: today() });
  /** The demo orders' last 60 days, and today. */
  const recent = () => ({ startDate: addDays(today(), -65), endDate: today() });

  const post = <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  /** Input the entry's schema refuses, on purpose (or one body for several entries). */
  const bad = (entry: EndpointDef, who: Who | null, body: object) =>
    callRaw(t, entry, { token: who ? tokens[who] : undefined, body, lang: 'en' });
  const report = async (who: Who, body: Body<typeof calls.list>) => {
    const r = await post(calls.list, who, body);
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const detail = async (who: Who, body: Body<typeof calls.detail>) => {
    const r = await post(calls.detail, who, body);
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const todayId = (code: string) =>
    `${customer[code]}-${today().replaceAll('-', '')}-${today().replaceAll('-', '')}`;

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    customer = await idsByCode(t, 'customers');
    region = await idsByCode(t, 'regions');
    const [sa, ae, cancelled] = await makeFinished(t, { customer: tokens.demo, operator: tokens.operator }, [
      { weight: '1.250', cod: { amount: '149.00', currency: 'SAR' } },
      { weight: '2.000', country: 'AE' },
      { weight: '0.500', cod: { amount: '20.00', currency: 'SAR' } },
    ]);
    await finish(t.database.db, cancelled!.id, OrderStatus.cancelled, new Date());
    const [other] = await makeFinished(t, { customer: tokens.other, operator: tokens.operator }, [
      { weight: '1.000', country: 'AE' },
    ]);
    o = { sa: sa!, ae: ae!, cancelled: cancelled!, other: other! };
    await seedDemoOrders(t.database.db);
  }, 180_000);

  it('gives a row per customer and day with its orders behind it, cancelled ones left out', async () => {
    const rows = await report('finance', { ...todayRange(), customerId: customer.DEMO });
    const row = rows.records.find((r) => r.id === todayId('DEMO'))!;
    expect(row).toMatchObject({
      customerCode: 'DEMO',
      period: today(),
      startDate: today(),
      endDate: today(),
    });
    const lines = await allPages(
      async (pageNo) => detail('finance', { id: row.id, pageNo, pageSize: 50 }),
      50,
    );
    const nos = lines.map((l) => l.trackingNo);
    expect(nos).toEqual(expect.arrayContaining([o.sa.trackingNo, o.ae.trackingNo]));
    expect(nos).not.toContain(o.cancelled.trackingNo);
    expect(lines.length).toBe(row.orderCount);
    const sa = lines.find((l) => l.trackingNo === o.sa.trackingNo)!;
    expect(sa.cod).toEqual({ amount: '149.00', currency: 'SAR' });
    expect(sa.freight?.currency).toBe('CNY');
  });

  it('sums rows to the totals, days to months and a row’s orders to the row, exactly', async () => {
    const body = { ...recent(), pageSize: 100 };
    const days = await allPages(async (pageNo) => report('admin', { ...body, pageNo }), 100);
    const months = await allPages(
      async (pageNo) => report('admin', { ...body, granularity: 'month', pageNo }),
      100,
    );
    const { totals } = await report('admin', body);
    const sum = (rows: ReportRow[]) => {
      const s = new Sums();
      const counts = Object.fromEntries(COUNTS.map((c) => [c, 0])) as Record<(typeof COUNTS)[number], number>;
      let grams = 0n;
      for (const r of rows) {
        for (const c of COUNTS) counts[c] += r[c];
        for (const a of r.amounts) for (const f of FIELDS) s.add(a.currency, f, a[f]);
        grams += BigInt(r.chargeableWeight.replace('.', ''));
      }
      return { counts, money: s.table(FIELDS), grams };
    };
    const fromDays = sum(days);
    expect(fromDays.counts).toEqual(Object.fromEntries(COUNTS.map((c) => [c, totals[c]])));
    expect(fromDays.money).toEqual(byCurrency(totals.amounts, FIELDS));
    expect(fromDays.grams).toBe(BigInt(totals.chargeableWeight.replace('.', '')));
    expect(sum(months)).toEqual(fromDays);
    expect(Object.keys(fromDays.money).length).toBeGreaterThan(5);
    // Every order of the range, counted by the database directly.
    const [n] = (
      await t.database.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM orders WHERE status <> ${OrderStatus.cancelled}
          AND created_at >= (${body.startDate}::date::timestamp AT TIME ZONE 'Asia/Shanghai')
          AND created_at < ((${body.endDate}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`)
    ).rows;
    expect(totals.orderCount).toBe(n!.n);

    const busiest = [...months].sort((a, b) => b.orderCount - a.orderCount)[0]!;
    const lines = await allPages(
      async (pageNo) => detail('admin', { id: busiest.id, pageNo, pageSize: 200 }),
      200,
    );
    const s = new Sums();
    for (const l of lines) {
      s.money('freight', l.freight);
      s.money('codFee', l.codFee);
      s.money('codAmount', l.cod);
      for (const f of [l.freight, l.codFee, ...l.otherFees]) s.money('totalFee', f);
    }
    const fields = ['freight', 'codFee', 'totalFee', 'codAmount'] as const;
    expect(s.table(fields)).toEqual(byCurrency(busiest.amounts, fields));
    expect(lines.length).toBe(busiest.orderCount);
  });

  it('reports by arrival, channel and destination', async () => {
    const ae = await report('finance', { ...todayRange(), customerId: customer.DEMO, countryId: region.AE });
    const aeLines = await detail('finance', { id: todayId('DEMO'), countryId: region.AE, pageSize: 500 });
    expect(aeLines.records.map((l) => l.countryCode).every((c) => c === 'AE')).toBe(true);
    expect(aeLines.records.map((l) => l.trackingNo)).toContain(o.ae.trackingNo);
    expect(ae.records[0]!.orderCount).toBe(aeLines.total);
    const byArrival = await report('finance', { ...recent(), timeBasis: 'arrival' });
    const [arrived] = (
      await t.database.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM orders WHERE status <> ${OrderStatus.cancelled}
          AND arrived_at >= (${recent().startDate}::date::timestamp AT TIME ZONE 'Asia/Shanghai')
          AND arrived_at < ((${today()}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`)
    ).rows;
    expect(byArrival.totals.orderCount).toBe(arrived!.n);
    const channels = await idsByCode(t, 'shipping_channels');
    const aeChannel = await report('finance', { ...todayRange(), channelId: channels['CN-AE-AIR'] });
    expect(aeChannel.records.map((r) => r.customerCode).sort()).toEqual(['DEMO', 'OTHER']);
  });

  it('pages the rows with the same totals on every page', async () => {
    const p1 = await report('admin', { ...recent(), pageSize: 3 });
    const p2 = await report('admin', { ...recent(), pageSize: 3, pageNo: 2 });
    expect(p1.records).toHaveLength(3);
    expect(p2.records).toHaveLength(3);
    expect(p1.total).toBeGreaterThan(6);
    expect(p1.records.map((r) => r.id)).not.toEqual(expect.arrayContaining(p2.records.map((r) => r.id)));
    expect(p1.totals).toEqual(p2.totals);
    // Newest day first.
    expect(p1.records[0]!.startDate >= p2.records[0]!.startDate).toBe(true);
  });

  it('confines customer accounts to their own rows; another customer’s row answers 404', async () => {
    for (const who of ['demo', 'demoSub'] as const) {
      const own = await report(who, { ...todayRange(), customerId: customer.OTHER });
      expect(own.records).toEqual([]);
      const mine = await report(who, recent());
      expect(new Set(mine.records.map((r) => r.customerCode))).toEqual(new Set(['DEMO']));
      expect((await detail(who, { id: todayId('DEMO') })).summary.customerCode).toBe('DEMO');
      expect((await post(calls.detail, who, { id: todayId('OTHER') })).status).toBe(404);
      expect((await post(calls.detailExport, who, { id: todayId('OTHER') })).status).toBe(404);
    }
    expect((await report('other', todayRange())).records.map((r) => r.customerCode)).toEqual(['OTHER']);
    expect((await post(calls.detail, 'other', { id: todayId('DEMO') })).status).toBe(404);
  });

  it('refuses accounts without the permission, and a bad range', async () => {
    for (const entry of [
      calls.list,
      calls.listExport,
      calls.listDetailExport,
      calls.detail,
      calls.detailExport,
    ]) {
      for (const who of ['operator', 'service', 'pda'] as const)
        expect(
          (await bad(entry, who, { ...todayRange(), id: todayId('DEMO') })).status,
          `${who} ${entry.path}`,
        ).toBe(403);
      expect((await bad(entry, null, todayRange())).status).toBe(401);
    }
    const missing = await bad(calls.list, 'finance', { startDate: today() });
    expect(missing.status).toBe(400);
    expect(missing.issues.map((i) => i.path)).toEqual(['endDate']);
    const reversed = await post(
      calls.listExport,
      'finance',
      { startDate: today(), endDate: addDays(today(), -1) },
      'ar',
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).not.toBe('The end date cannot be before the start date');
    const long = await post(calls.listDetailExport, 'finance', {
      startDate: addDays(today(), -366),
      endDate: today(),
    });
    expect(long.status).toBe(400);
    const granularity = await bad(calls.list, 'finance', { ...todayRange(), granularity: 'week' });
    expect(granularity.status).toBe(400);
  });

  it('exports the rows, the orders behind them and one row’s orders', async () => {
    const { summary } = await detail('demo', { id: todayId('DEMO') });
    const rows = await exportRows(t, tokens.demo, calls.listExport, todayRange());
    const h = rows.rows[0] as string[];
    expect(rows.rows.length).toBe(1 + summary.amounts.length);
    expect(rows.rows[1]![h.indexOf('Orders')]).toBe(summary.orderCount);
    expect(rows.rows.slice(1).map((r) => r[h.indexOf('Currency')])).toEqual(
      summary.amounts.map((a) => a.currency),
    );
    expect(rows.rows.slice(2).every((r) => r[h.indexOf('Orders')] === undefined)).toBe(true);

    const one = await exportRows(t, tokens.finance, calls.detailExport, { id: todayId('DEMO') });
    expect(one.rows.length).toBe(1 + summary.orderCount);
    const oh = one.rows[0] as string[];
    expect(one.rows.slice(1).map((r) => r[oh.indexOf('Tracking no')])).toContain(o.sa.trackingNo);

    const all = await exportRows(t, tokens.finance, calls.listDetailExport, todayRange());
    const ah = all.rows[0] as string[];
    const nos = all.rows.slice(1).map((r) => r[ah.indexOf('Tracking no')]);
    expect(nos).toEqual(expect.arrayContaining([o.sa.trackingNo, o.ae.trackingNo, o.other.trackingNo]));
    expect(nos).not.toContain(o.cancelled.trackingNo);
  });
});
