import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { cyclePeriod } from '../../src/shared/domain/report-period.ts';
import { allPages, byCurrency, cents, exportRows, Sums } from './support/reports.ts';
import { calls, FIELDS, MARCH, recentDays, useStatementsWorld } from './support/statements-world.ts';

/**
 * Logistics bills (statement/trackingStatementDate, detail and the three exports): an order enters
 * its customer's bill of the settlement period holding the business day (Asia/Shanghai) it was
 * signed or returned; totals per currency that add up exactly; scope, permissions, filters, paging.
 * The COD collected is in statements-cod.test.ts; both set up support/statements-world.ts.
 */
describe('logistics bills', () => {
  const { t, tokens, customer, o, post, bad, list, detail, marchId } = useStatementsWorld();

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
});
