import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Body } from '../../src/shared/contract/core.ts';
import { allPages, byCurrency, cents, decimal, exportRows, Sums } from './support/reports.ts';
import { calls, MARCH, recentDays, useStatementsWorld, type Who } from './support/statements-world.ts';

/**
 * Logistics bills, the COD collected (statement/collectingList, collectingDetail, the export): the
 * COD of signed COD orders on their day of signing, per currency; scope and permissions. The world
 * is statements.test.ts's (support/statements-world.ts).
 */
describe('logistics bills', () => {
  const { t, tokens, customer, o, post } = useStatementsWorld();

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
