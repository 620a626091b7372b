import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoOrders } from '../../src/server/db/seed/master/orders.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { cyclePeriod } from '../../src/shared/domain/report-period.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { callRaw, callWith } from './support/call.ts';
import { idsByCode } from './support/movement.ts';
import {
  allPages,
  byCurrency,
  cents,
  decimal,
  exportRows,
  type Finished,
  makeFinished,
  Sums,
} from './support/reports.ts';
import { setDemoSubRights } from './support/sub-rights.ts';

type Who = keyof typeof DEMO;
const { statement: calls } = contract;

const FIELDS = ['freight', 'codFee', 'otherFee', 'totalFee', 'codCollected', 'net'] as const;
const MARCH = { startDate: '2024-03-01', endDate: '2024-03-31' };
/** The range of the demo orders (the last 60 days) and a little more. */
const recentDays = () => ({
  startDate: new Date(Date.now() - 75 * 86_400_000).toISOString().slice(0, 10),
  endDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
});

/**
 * Logistics bills (statement/trackingStatementDate, detail and the three exports): an order enters
 * its customer's bill of the settlement period holding the business day (Asia/Shanghai) it was
 * signed or returned; totals per currency that add up exactly; scope, permissions, filters, paging.
 */
describe('logistics bills', () => {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  let customer: Record<string, number> = {};
  /** DEMO's orders of March 2024 (monthly cycle) and one of OTHER's (weekly). */
  let o: Record<'a' | 'b' | 'c' | 'd' | 'lost' | 'open' | 'g', Finished>;

  const post = <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  /** Input the entry's schema refuses, on purpose (or one body for several entries). */
  const bad = (entry: EndpointDef, who: Who | null, body: object) =>
    callRaw(t, entry, { token: who ? tokens[who] : undefined, body, lang: 'en' });
  const list = async (who: Who, body: Body<typeof calls.trackingStatementDate>) => {
    const r = await post(calls.trackingStatementDate, who, body);
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const detail = async (who: Who, body: Body<typeof calls.detail>) => {
    const r = await post(calls.detail, who, body);
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const marchId = () => `${customer.DEMO}-20240301-20240331`;

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    // The demo clerk reads no bills until its main account lets it (tests/api/sub-rights.test.ts).
    await setDemoSubRights(t, tokens.demo);
    customer = await idsByCode(t, 'customers');
    const demo = { customer: tokens.demo, operator: tokens.operator };
    const [a, b, c, d, lost, open] = await makeFinished(t, demo, [
      {
        weight: '1.250',
        cod: { amount: '149.00', currency: 'SAR' },
        status: OrderStatus.signed,
        at: '2024-03-05T02:00:00Z',
      },
      {
        weight: '0.800',
        cod: { amount: '99.50', currency: 'SAR' },
        status: OrderStatus.returned,
        at: '2024-03-20T08:00:00Z',
      },
      // 00:30 on 1 April in Shanghai: April's bill.
      { weight: '2.000', country: 'AE', status: OrderStatus.signed, at: '2024-03-31T16:30:00Z' },
      // 23:59 on 31 March in Shanghai: March's bill.
      {
        weight: '1.000',
        cod: { amount: '10.00', currency: 'SAR' },
        status: OrderStatus.signed,
        at: '2024-03-31T15:59:00Z',
      },
      { weight: '0.500', status: OrderStatus.lost, at: '2024-03-10T04:00:00Z' },
      { weight: '0.500' },
    ]);
    const [g] = await makeFinished(t, { customer: tokens.other, operator: tokens.operator }, [
      { weight: '1.000', country: 'AE', status: OrderStatus.signed, at: '2024-03-06T04:00:00Z' },
    ]);
    o = { a: a!, b: b!, c: c!, d: d!, lost: lost!, open: open!, g: g! };
    await seedDemoOrders(t.database.db);
  }, 180_000);

  it('draws a customer’s bill per settlement period, each order on its business day of delivery', async () => {
    const march = await list('finance', { ...MARCH, customerId: customer.DEMO });
    expect(march.records.map((r) => r.id)).toEqual([marchId()]);
    const bill = march.records[0]!;
    expect(bill).toMatchObject({
      customerCode: 'DEMO',
      cycle: 'monthly',
      cycleName: 'Monthly',
      startDate: '2024-03-01',
      endDate: '2024-03-31',
      open: false,
      orderCount: 3,
      signedCount: 2,
      returnedCount: 1,
      codOrderCount: 2,
    });
    const lines = await detail('finance', { id: bill.id, pageSize: 50 });
    expect(lines.records.map((l) => l.trackingNo)).toEqual([o.a.trackingNo, o.b.trackingNo, o.d.trackingNo]);
    expect(lines.records.map((l) => l.statementDate)).toEqual(['2024-03-05', '2024-03-20', '2024-03-31']);
    // The COD counts as collected for signed orders only.
    expect(lines.records.map((l) => l.cod)).toEqual([
      { amount: '149.00', currency: 'SAR' },
      null,
      { amount: '10.00', currency: 'SAR' },
    ]);
    expect(lines.summary).toEqual(bill);

    const april = await list('finance', {
      startDate: '2024-04-01',
      endDate: '2024-04-01',
      customerId: customer.DEMO,
    });
    expect(april.records.map((r) => [r.startDate, r.endDate, r.orderCount])).toEqual([
      ['2024-04-01', '2024-04-30', 1],
    ]);
    // OTHER bills weekly: a one-day range shows its whole week.
    const week = await list('finance', { startDate: '2024-03-06', endDate: '2024-03-06' });
    expect(week.records.map((r) => [r.customerCode, r.startDate, r.endDate, r.cycle])).toEqual([
      ['OTHER', '2024-03-04', '2024-03-10', 'weekly'],
      ['DEMO', '2024-03-01', '2024-03-31', 'monthly'],
    ]);
  });

  it('sums a bill’s lines independently to exactly its totals, and its fee lines to the database’s', async () => {
    const lines = await allPages(
      async (pageNo) => detail('finance', { id: marchId(), pageNo, pageSize: 2 }),
      2,
    );
    const sums = new Sums();
    for (const l of lines) {
      sums.money('freight', l.freight);
      sums.money('codFee', l.codFee);
      for (const f of l.otherFees) sums.money('otherFee', f);
      for (const f of [l.freight, l.codFee, ...l.otherFees]) sums.money('totalFee', f);
      sums.money('codCollected', l.cod);
      sums.money('net', l.cod);
      for (const f of [l.freight, l.codFee, ...l.otherFees])
        if (f) sums.add(f.currency, 'net', -cents(f.amount));
    }
    const { summary } = await detail('finance', { id: marchId() });
    expect(byCurrency(summary.amounts, FIELDS)).toEqual(sums.table(FIELDS));
    expect(Object.keys(sums.table(FIELDS)).sort()).toEqual(['CNY', 'SAR']);

    const fees = await t.database.db.execute<{ currency: string; total: string }>(sql`
      SELECT currency, sum(amount)::text AS total FROM fee_details
      WHERE order_id IN (${o.a.id}, ${o.b.id}, ${o.d.id}) GROUP BY currency ORDER BY currency`);
    expect(fees.rows.map((f) => [f.currency, f.total])).toEqual(
      summary.amounts.map((a) => [a.currency, a.totalFee]),
    );
  });

  it('adds every bill of the demo data up to the list’s totals, and each bill’s lines up to it', async () => {
    const body = recentDays();
    const bills = await allPages(async (pageNo) => list('admin', { ...body, pageNo, pageSize: 5 }), 5);
    expect(bills.length).toBeGreaterThan(4);
    expect(new Set(bills.map((b) => b.customerCode))).toEqual(new Set(['DEMO', 'OTHER']));
    const { totals } = await list('admin', body);
    const sums = new Sums();
    let orders = 0;
    for (const b of bills) {
      orders += b.orderCount;
      for (const a of b.amounts) for (const f of FIELDS) sums.add(a.currency, f, a[f]);
      // Each bill is one period of its customer's cycle.
      expect(cyclePeriod(b.cycle, b.startDate)).toEqual({ start: b.startDate, end: b.endDate });
    }
    expect(orders).toBe(totals.orderCount);
    expect(byCurrency(totals.amounts, FIELDS)).toEqual(sums.table(FIELDS));

    for (const b of [
      bills.find((x) => x.customerCode === 'DEMO' && !x.open)!,
      bills.find((x) => x.customerCode === 'OTHER')!,
    ]) {
      const lines = await allPages(
        async (pageNo) => detail('admin', { id: b.id, pageNo, pageSize: 200 }),
        200,
      );
      expect(lines.length).toBe(b.orderCount);
      const ls = new Sums();
      for (const l of lines) {
        expect([OrderStatus.signed, OrderStatus.returned]).toContain(l.status);
        expect(l.statementDate! >= b.startDate && l.statementDate! <= b.endDate).toBe(true);
        ls.money('freight', l.freight);
        ls.money('codFee', l.codFee);
        ls.money('codCollected', l.cod);
      }
      expect(byCurrency(b.amounts, ['freight', 'codFee', 'codCollected'])).toEqual(
        ls.table(['freight', 'codFee', 'codCollected']),
      );
    }
  });

  it('follows a change of the settlement cycle', async () => {
    const set = (settlementCycle: 'semiMonthly' | 'weekly' | null) =>
      post(contract.customer.editCustomerProperties, 'admin', {
        customerId: customer.DEMO!,
        properties: { settlementCycle },
      });
    expect((await set('semiMonthly')).status).toBe(200);
    try {
      const halves = await list('demo', MARCH);
      expect(halves.records.map((r) => [r.startDate, r.endDate, r.orderCount, r.cycleName])).toEqual([
        ['2024-03-16', '2024-03-31', 2, 'Twice a month'],
        ['2024-03-01', '2024-03-15', 1, 'Twice a month'],
      ]);
    } finally {
      await set(null);
    }
  });

  it('filters a bill’s lines by status and tracking no, and pages the bills', async () => {
    const returned = await detail('finance', { id: marchId(), status: '10' });
    expect(returned.records.map((l) => l.trackingNo)).toEqual([o.b.trackingNo]);
    expect(returned.summary.orderCount).toBe(3);
    const one = await detail('finance', {
      id: marchId(),
      trackingNos: `${o.d.trackingNo.toLowerCase()}\nGL0000000000`,
    });
    expect(one.records.map((l) => l.trackingNo)).toEqual([o.d.trackingNo]);
    const p1 = await list('finance', { ...MARCH, pageSize: 1 });
    const p2 = await list('finance', { ...MARCH, pageSize: 1, pageNo: 2 });
    expect(p1.total).toBe(2);
    expect(p2.total).toBe(2);
    // Newest period first.
    expect(p1.records[0]!.customerCode).toBe('OTHER');
    expect(p2.records[0]!.customerCode).toBe('DEMO');
    expect(p1.totals).toEqual(p2.totals);
  });

  it('confines customer accounts to their own bills; another customer’s bill answers 404', async () => {
    for (const who of ['demo', 'demoSub'] as const) {
      const own = await list(who, { ...MARCH, customerId: customer.OTHER });
      expect(own.records).toEqual([]);
      const all = await list(who, MARCH);
      expect(all.records.map((r) => r.customerCode)).toEqual(['DEMO']);
      expect(all.totals.orderCount).toBe(3);
      expect((await detail(who, { id: marchId() })).total).toBe(3);
      const foreign = await post(calls.detail, who, { id: `${customer.OTHER}-20240304-20240310` });
      expect(foreign.status).toBe(404);
      expect(foreign.body.msg).toBe('The record does not exist');
      const exp = await post(calls.detailExport, who, { id: `${customer.OTHER}-20240304-20240310` });
      expect(exp.status).toBe(404);
    }
    const other = await list('other', MARCH);
    expect(other.records.map((r) => r.customerCode)).toEqual(['OTHER']);
    expect((await post(calls.detail, 'other', { id: marchId() })).status).toBe(404);
    // Ids that name no bill: unknown customer, reversed or impossible dates, longer than a year.
    for (const id of [
      '999999-20240301-20240331',
      `${customer.DEMO}-20240331-20240301`,
      `${customer.DEMO}-20240230-20240331`,
      `${customer.DEMO}-20230101-20240331`,
    ])
      expect((await post(calls.detail, 'admin', { id })).status, id).toBe(404);
    expect((await post(calls.detail, 'admin', { id: 'march' })).status).toBe(400);
  });

  it('refuses accounts without the permission, and a bad range with a translated reason', async () => {
    const billCalls = [calls.trackingStatementDate, calls.listExport, calls.listDetailExport];
    for (const entry of [...billCalls, calls.detail, calls.detailExport]) {
      for (const who of ['operator', 'service', 'pda'] as const)
        expect((await bad(entry, who, { ...MARCH, id: marchId() })).status, `${who} ${entry.path}`).toBe(403);
      expect((await bad(entry, null, MARCH)).status).toBe(401);
    }
    const missing = await bad(calls.trackingStatementDate, 'finance', { endDate: '2024-03-01' });
    expect(missing.status).toBe(400);
    expect(missing.issues).toEqual([{ path: 'startDate', message: 'Select the date range' }]);
    const reversed = await post(
      calls.trackingStatementDate,
      'finance',
      { startDate: '2024-03-02', endDate: '2024-03-01' },
      'cn',
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toBe('结束日期不能早于开始日期');
    const long = await post(calls.listExport, 'finance', {
      startDate: '2023-01-01',
      endDate: '2024-03-01',
    });
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe('Choose a range of at most 366 days');
    const day = await post(calls.trackingStatementDate, 'finance', { ...MARCH, startDate: '2024-02-30' });
    expect(day.status).toBe(400);
    const unknown = await bad(calls.trackingStatementDate, 'finance', { ...MARCH, customer: 'x' });
    expect(unknown.status).toBe(400);
  });

  it('exports the bills, their orders and one bill with its totals per currency', async () => {
    const { summary } = await detail('finance', { id: marchId() });
    const bills = await exportRows(t, tokens.finance, calls.listExport, {
      ...MARCH,
      customerId: customer.DEMO,
    });
    const head = bills.rows[0] as string[];
    const col = (name: string) => head.indexOf(name);
    expect(bills.rows.length).toBe(1 + summary.amounts.length);
    const [cny, sar] = bills.rows.slice(1);
    expect(cny![col('Settlement cycle')]).toBe('Monthly');
    expect(cny![col('Orders')]).toBe(3);
    expect(sar![col('Orders')]).toBeUndefined();
    expect([cny![col('Currency')], sar![col('Currency')]]).toEqual(['CNY', 'SAR']);
    expect(sar![col('COD collected')]).toBe(159);
    expect(String(cny![col('Total fees')])).toBe(String(Number(summary.amounts[0]!.totalFee)));

    const one = await exportRows(t, tokens.demo, calls.detailExport, { id: marchId() });
    const h = one.rows[0] as string[];
    expect(one.rows.slice(1, 4).map((r) => r[h.indexOf('Tracking no')])).toEqual([
      o.a.trackingNo,
      o.b.trackingNo,
      o.d.trackingNo,
    ]);
    const totals = one.rows.slice(4);
    expect(totals.map((r) => r[0])).toEqual(['Total CNY', 'Total SAR']);
    for (const [i, a] of summary.amounts.entries()) {
      expect(totals[i]![h.indexOf('Freight')]).toBe(Number(a.freight));
      expect(totals[i]![h.indexOf('Net amount (COD collected − fees)')]).toBe(Number(a.net));
    }
    expect(one.task.rowCount).toBe(0);

    const lines = await exportRows(t, tokens.admin, calls.listDetailExport, MARCH);
    const lh = lines.rows[0] as string[];
    expect(
      lines.rows
        .slice(1)
        .map((r) => [r[lh.indexOf('Tracking no')], r[lh.indexOf('From')], r[lh.indexOf('To')]]),
    ).toEqual([
      [o.a.trackingNo, '2024-03-01', '2024-03-31'],
      [o.b.trackingNo, '2024-03-01', '2024-03-31'],
      [o.d.trackingNo, '2024-03-01', '2024-03-31'],
      [o.g.trackingNo, '2024-03-04', '2024-03-10'],
    ]);
  });

  describe('COD collected', () => {
    const rows = async (who: Who, body: Body<typeof calls.collectingList>) => {
      const r = await post(calls.collectingList, who, body);
      expect(r.status, r.raw).toBe(200);
      return r.body.data;
    };
    const orders = async (who: Who, body: Body<typeof calls.collectingDetail>) => {
      const r = await post(calls.collectingDetail, who, body);
      expect(r.status, r.raw).toBe(200);
      return r.body.data;
    };
    const codFees = async (ids: number[]) =>
      (
        await t.database.db.execute<{ fee: string }>(sql`
          SELECT coalesce(sum(amount), 0)::numeric(18,2)::text AS fee FROM fee_details
          WHERE fee_type = 2 AND currency = 'SAR' AND order_id IN (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`)
      ).rows[0]!.fee;

    it('counts the COD of signed COD orders on the day they were signed, per currency', async () => {
      const fee = await codFees([o.a.id, o.d.id]);
      const month = await rows('finance', { ...MARCH, granularity: 'month', customerId: customer.DEMO });
      expect(month.records).toEqual([
        {
          id: `${customer.DEMO}-20240301-20240331-SAR`,
          customerId: customer.DEMO,
          customerCode: 'DEMO',
          customerName: 'Demo Trading',
          period: '2024-03',
          startDate: '2024-03-01',
          endDate: '2024-03-31',
          currency: 'SAR',
          orderCount: 2,
          codAmount: '159.00',
          codFee: fee,
          net: decimal(cents('159.00') - cents(fee)),
        },
      ]);
      const days = await rows('finance', { ...MARCH, customerId: customer.DEMO });
      expect(days.records.map((r) => [r.period, r.codAmount])).toEqual([
        ['2024-03-31', '10.00'],
        ['2024-03-05', '149.00'],
      ]);
      expect(days.totals).toEqual(month.totals);
      const list = await orders('finance', { ...MARCH, customerId: customer.DEMO, currency: 'sar' });
      expect(list.records.map((r) => [r.trackingNo, r.statementDate, r.codAmount])).toEqual([
        [o.a.trackingNo, '2024-03-05', '149.00'],
        [o.d.trackingNo, '2024-03-31', '10.00'],
      ]);
      expect(list.totals).toEqual(month.totals);
      expect((await orders('finance', { ...MARCH, currency: 'AED' })).total).toBe(0);
      const one = await orders('finance', { ...MARCH, trackingNos: o.d.trackingNo });
      expect(one.records.map((r) => r.trackingNo)).toEqual([o.d.trackingNo]);
    });

    it('adds the demo data’s rows and orders up to the same totals, exactly', async () => {
      const body = recentDays();
      const all = await allPages(async (pageNo) => rows('admin', { ...body, pageNo, pageSize: 20 }), 20);
      const { totals } = await rows('admin', { ...body, granularity: 'month' });
      const fields = ['codAmount', 'codFee', 'net'] as const;
      const fromRows = new Sums();
      for (const r of all) {
        for (const f of fields) fromRows.add(r.currency, f, r[f]);
        expect(r.customerCode).toBe('DEMO');
      }
      expect(byCurrency(totals, fields)).toEqual(fromRows.table(fields));
      expect(totals.reduce((n, x) => n + x.orderCount, 0)).toBe(all.reduce((n, x) => n + x.orderCount, 0));
      const each = await allPages(async (pageNo) => orders('admin', { ...body, pageNo, pageSize: 500 }), 500);
      const fromOrders = new Sums();
      for (const x of each) {
        for (const f of fields) fromOrders.add(x.currency, f, x[f]);
        expect(cents(x.net)).toBe(cents(x.codAmount) - cents(x.codFee));
      }
      expect(fromOrders.table(fields)).toEqual(fromRows.table(fields));
      expect(Object.keys(fromRows.table(fields)).length).toBeGreaterThan(3);
    });

    it('confines customers to their own COD and keeps other staff out', async () => {
      for (const who of ['demo', 'demoSub'] as const) {
        const own = await rows(who, { ...MARCH, customerId: customer.OTHER });
        expect(own.records).toEqual([]);
        expect((await rows(who, MARCH)).records.map((r) => r.customerCode)).toEqual(['DEMO', 'DEMO']);
      }
      expect((await rows('other', MARCH)).records).toEqual([]);
      expect((await orders('other', MARCH)).total).toBe(0);
      for (const entry of [calls.collectingList, calls.collectingDetail, calls.collectingDetailExport])
        for (const who of ['operator', 'service', 'pda'] as const)
          expect((await post(entry, who, MARCH)).status, `${who} ${entry.path}`).toBe(403);
      const reversed = await post(calls.collectingDetail, 'finance', {
        startDate: '2024-03-02',
        endDate: '2024-03-01',
      });
      expect(reversed.status).toBe(400);
    });

    it('exports the collected orders of the filters', async () => {
      const { rows: sheet } = await exportRows(t, tokens.demo, calls.collectingDetailExport, MARCH);
      const h = sheet[0] as string[];
      expect(sheet.slice(1).map((r) => [r[h.indexOf('Tracking no')], r[h.indexOf('COD collected')]])).toEqual(
        [
          [o.a.trackingNo, 149],
          [o.d.trackingNo, 10],
        ],
      );
    });
  });
});
