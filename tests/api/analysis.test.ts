import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportsInFlight } from '../../src/server/files/export.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import {
  addDays,
  EXCEPTION_KINDS,
  EXCEPTION_SOURCE,
  type ExceptionKind,
  FUNNEL_STAGES,
  funnelReach,
} from '../../src/shared/domain/analysis.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { A, cents, dayOf, type O, TZ, useAnalysisWorld, type Who } from './support/analysis-world.ts';
import { at, callWith } from './support/call.ts';

/**
 * Order analysis over the demo orders (60 days of both demo customers): every figure is checked
 * against an independent count of the same rows, made here in JavaScript (business days by Intl,
 * not by the database); then scope, permissions, refusals and the four exports. The setup and the
 * independent count are in support/analysis-world.ts.
 */
describe('order analysis', () => {
  const {
    t,
    tokens,
    customer,
    rows,
    first,
    last,
    range,
    q,
    post,
    postRaw,
    ok,
    selected,
    moneyOf,
    sumBy,
    expectFigures,
  } = useAnalysisWorld();

  describe('statistics', () => {
    it('sums the selected days’ orders, weights, COD and fees, by day, matching an independent count', async () => {
      const d = await ok(A.statistics, 'finance', range);
      const orders = selected();
      expect(orders.length).toBeGreaterThan(1_500);
      expect(d.days.length).toBe(61);
      expect(d.days[0]).toBe(first);
      expect(d.timeZone).toBe(TZ);
      expectFigures(d.totals, orders);
      expect(d.totals.codAmounts.length).toBeGreaterThan(1);
      expect(d.series).toHaveLength(1);
      const byDay = sumBy(
        orders,
        (o) => dayOf(o.created),
        () => 1,
      );
      expect(d.series[0]!.orders).toEqual(d.days.map((day) => byDay[day] ?? 0));
      // The demo data fills the range: most days have orders, growing towards today.
      expect(d.series[0]!.orders.filter((n) => n > 0).length).toBeGreaterThan(55);
      const sar = d.series[0]!.money.find((x) => x.metric === 'codAmount' && x.currency === 'SAR')!;
      expect(sar.values.reduce((n, v) => n + cents(v), 0)).toBe(moneyOf(d.totals.codAmounts).SAR);
    });

    it('groups by customer with names, each group’s figures its own orders', async () => {
      const d = await ok(A.statistics, 'finance', { ...range, groupBy: 'customer' });
      expect(d.groups.map((g) => g.code)).toEqual(['DEMO', 'OTHER']);
      for (const g of d.groups) expectFigures(g.figures, selected({ customerId: Number(g.key) }));
      expect(d.groups[0]!.name).toBe('Demo Trading');
      expect(d.series.map((s) => s.key)).toEqual(d.groups.map((g) => g.key));
    });

    it('narrows to a channel and destination, by arrival, grouped by status with the others summed', async () => {
      const channelId = (
        await q<{ id: number }>(sql`SELECT id FROM shipping_channels WHERE code = 'CN-SA-AIR-COD'`)
      )[0]!.id;
      const countryId = (
        await q<{ id: number }>(sql`SELECT id FROM regions WHERE code = 'SA' AND level = 0`)
      )[0]!.id;
      const byArrival = { timeBasis: 'arrival', groupBy: 'status' } as const;
      const body = { ...range, channelId, countryId, ...byArrival };
      const d = await ok(A.statistics, 'finance', body, 'cn');
      const orders = selected({ channelId, countryId, arrival: true });
      expect(orders.length).toBeGreaterThan(100);
      expectFigures(d.totals, orders);
      const byStatus = sumBy(
        orders,
        (o) => String(o.status),
        () => 1,
      );
      expect(Object.fromEntries(d.groups.map((g) => [g.key, g.figures.orders]))).toEqual(byStatus);
      expect(d.groups.find((g) => g.key === String(OrderStatus.signed))!.name).toBe('已签收');
      // Nine or more statuses: eight series, then the others.
      if (d.groups.length > 8) {
        expect(d.series).toHaveLength(9);
        expect(d.series[8]!.key).toBe('others');
      }
      const perDay = d.days.map((_, k) => d.series.reduce((n, s) => n + s.orders[k]!, 0));
      expect(perDay.reduce((a, b) => a + b, 0)).toBe(orders.length);
    });

    it('confines a customer account to its own orders, whatever customer it asks for', async () => {
      for (const who of ['demo', 'demoSub'] as const) {
        const d = await ok(A.statistics, who, { ...range, groupBy: 'customer' });
        expect(d.groups.map((g) => g.code)).toEqual(['DEMO']);
        expectFigures(d.totals, selected({ customerId: customer.DEMO }));
      }
      const foreign = await ok(A.statistics, 'demo', {
        ...range,
        customerId: customer.OTHER,
      });
      expect(foreign.totals.orders).toBe(0);
      const other = await ok(A.statistics, 'other', range);
      expectFigures(other.totals, selected({ customerId: customer.OTHER }));
    });
  });

  describe('exceptions', () => {
    const expected = (kind: ExceptionKind, orders: O[]) => {
      const src = EXCEPTION_SOURCE[kind];
      if ('status' in src)
        return { orders: orders.filter((o) => o.status === src.status).length, open: null };
      const ids = new Set(orders.map((o) => o.id));
      const of = rows.marks.filter((m) => m.kind === src.abnormal && ids.has(m.order));
      return {
        orders: new Set(of.map((m) => m.order)).size,
        open: new Set(of.filter((m) => m.open).map((m) => m.order)).size,
      };
    };

    it('counts the problem orders of each kind, open ones and by day', async () => {
      const d = await ok(A.exception, 'finance', range);
      const orders = selected();
      expect(d.orders).toBe(orders.length);
      expect(d.kinds.map((k) => k.kind)).toEqual([...EXCEPTION_KINDS]);
      for (const k of d.kinds) {
        expect({ kind: k.kind, ...expected(k.kind, orders) }).toEqual({
          kind: k.kind,
          orders: k.orders,
          open: k.open,
        });
        expect(k.byDay.reduce((a, b) => a + b, 0)).toBe(k.orders);
      }
      // The demo data has problems of every kind.
      expect(d.kinds.filter((k) => k.orders > 0).length).toBe(EXCEPTION_KINDS.length);
      const mine = await ok(A.exception, 'demo', range);
      const own = selected({ customerId: customer.DEMO });
      expect(mine.orders).toBe(own.length);
      for (const k of mine.kinds) expect(k.orders).toBe(expected(k.kind, own).orders);
    });

    it('lists the orders behind a count, paged, open ones alone, and a customer’s own only', async () => {
      const d = await ok(A.exception, 'finance', range);
      const weight = d.kinds.find((k) => k.kind === 'weightDiscrepancy')!;
      const page = await ok(A.exceptionDetail, 'finance', {
        ...range,
        kind: 'weightDiscrepancy',
        pageSize: 500,
      });
      expect(page.total).toBe(weight.orders);
      const ids = new Set(rows.marks.filter((m) => m.kind === 3).map((m) => m.order));
      expect(page.records.every((r) => ids.has(r.recId))).toBe(true);
      expect(page.records.filter((r) => r.open).length).toBe(weight.open);
      const open = await ok(A.exceptionDetail, 'finance', {
        ...range,
        kind: 'weightDiscrepancy',
        openOnly: true,
      });
      expect(open.total).toBe(weight.open);
      const returned = await ok(A.exceptionDetail, 'demo', {
        ...range,
        kind: 'returned',
        pageNo: 2,
        pageSize: 5,
      });
      expect(returned.total).toBe(
        selected({ customerId: customer.DEMO }).filter((o) => o.status === 10).length,
      );
      expect(
        returned.records.every((r) => r.customerCode === 'DEMO' && r.status === 10 && r.open === null),
      ).toBe(true);
    });
  });

  describe('order analysis', () => {
    it('breaks the orders down by status, funnel, destination, channel, customer and carrier', async () => {
      const d = await ok(A.orderAnalysis, 'finance', range, 'ar');
      const orders = selected();
      expect(d.orders).toBe(orders.length);
      const byStatus = sumBy(
        orders,
        (o) => String(o.status),
        () => 1,
      );
      expect(d.statuses.map((s) => s.orders)).toEqual(d.statuses.map((s) => byStatus[s.status] ?? 0));
      expect(d.funnel.map((s) => s.status)).toEqual([...FUNNEL_STAGES]);
      expect(d.funnel[0]!.orders).toBe(orders.length);
      expect(d.funnel[1]!.orders).toBe(orders.filter((o) => o.arrived !== null).length);
      for (const [k, stage] of d.funnel.entries())
        if (k > 1) expect(stage.orders).toBe(orders.filter((o) => funnelReach(o.status) >= k).length);
      const sum = (xs: { orders: number }[]) => xs.reduce((n, x) => n + x.orders, 0);
      expect(sum(d.countries)).toBe(orders.length);
      expect(d.countries).toHaveLength(7);
      expect(d.countries.find((c) => c.code === 'SA')!.name).toBe('السعودية');
      expect(sum(d.channels)).toBe(orders.length);
      expect(d.customers.map((c) => c.code)).toEqual(['DEMO', 'OTHER']);
      expect(sum(d.carriers)).toBe(orders.length);
      expect(d.carriers.find((c) => c.key === '')!.orders).toBe(
        orders.filter((o) => o.carrier === null).length,
      );
    });
  });

  describe('access and refusals', () => {
    it('answers staff holding the permission and customers; refuses the others', async () => {
      for (const who of ['operator', 'service', 'pda'] as const) {
        const r = await post(A.statistics, who, range);
        expect(r.status, `${who} ${r.raw}`).toBe(403);
      }
      expect((await post(A.exportStatistics, 'operator', range)).status).toBe(403);
      expect((await post(A.statistics, 'admin', range)).status).toBe(200);
    });

    it('refuses a missing, reversed or too long range and unknown fields, translated', async () => {
      const missing = await postRaw(A.statistics, 'finance', {}, 'en');
      expect(missing.status).toBe(400);
      expect(missing.body.msg).toBe('Select the days to analyse');
      const reversed = await post(A.exception, 'finance', { startDate: last, endDate: first }, 'cn');
      expect(reversed.status).toBe(400);
      expect(reversed.body.msg).not.toMatch(/[a-z]{4}/);
      expect(reversed.body.data).toMatchObject({ issues: [{ path: 'endDate' }] });
      const long = await post(A.orderAnalysis, 'finance', {
        startDate: addDays(last, -400),
        endDate: last,
      });
      expect(long.body.msg).toBe('Analyse at most 366 days at a time');
      expect((await postRaw(A.statistics, 'finance', { ...range, groupBy: 'carrier' })).status).toBe(400);
      expect((await postRaw(A.statistics, 'finance', { ...range, customerIds: [1] })).status).toBe(400);
      expect((await postRaw(A.exceptionDetail, 'finance', { ...range, kind: 'late' })).status).toBe(400);
    });
  });

  describe('exports', () => {
    const sheet = async <E extends EndpointDef>(who: Who, entry: E, body: Body<E>, lang = 'en') => {
      const started = (await ok(entry, who, body, lang)) as { recId: number };
      await exportsInFlight();
      const file = await callWith(t, at(contract.exportTask.download, { id: started.recId }), {
        token: tokens[who],
      });
      expect(file.status, file.raw).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      wb.getWorksheet(1)!.eachRow((row) => {
        rows.push((row.values as unknown[]).slice(1));
      });
      return rows;
    };

    it('exports the statistics per day and group, a column per currency', async () => {
      const rows = await sheet('finance', A.exportStatistics, { ...range, groupBy: 'customer' });
      const header = rows[0] as string[];
      expect(header.slice(0, 6)).toEqual([
        'Day',
        'Code',
        'Group',
        'Orders',
        'Chargeable weight (kg)',
        'COD orders',
      ]);
      expect(header).toContain('COD amount (SAR)');
      expect(header).toContain('Freight (CNY)');
      const orders = selected();
      expect(rows.slice(1).reduce((n, r) => n + Number(r[3]), 0)).toBe(orders.length);
      const pairs = new Set(orders.map((o) => `${dayOf(o.created)}|${o.customer}`));
      expect(rows.length - 1).toBe(pairs.size);
      const sar = header.indexOf('COD amount (SAR)');
      expect(rows.slice(1).reduce((n, r) => n + cents(String(r[sar] ?? '0')), 0)).toBe(
        orders.filter((o) => o.isCod && o.codCurrency === 'SAR').reduce((n, o) => n + o.codCents, 0),
      );
      const mine = await sheet('demo', A.exportStatistics, range);
      expect(mine.slice(1).reduce((n, r) => n + Number(r[3]), 0)).toBe(
        selected({ customerId: customer.DEMO }).length,
      );
    });

    it('exports the exceptions, the breakdowns and the orders behind a count', async () => {
      const d = await ok(A.exception, 'finance', range);
      const ex = await sheet('finance', A.exportException, range, 'cn');
      expect(ex.length).toBe(1 + 1 + 61);
      expect(ex[1]![1]).toBe(d.orders);
      expect(ex[0]![2]).toBe('无承运商单号');
      const lost = (ex[0] as string[]).indexOf('已丢失');
      expect(ex[1]![lost]).toBe(d.kinds.find((k) => k.kind === 'lost')!.orders);

      const a = await sheet('finance', A.exportOrderAnalysis, range);
      expect(a[0]).toEqual([
        'Breakdown',
        'Code',
        'Group',
        'Orders',
        'Share (%)',
        'Chargeable weight (kg)',
        'COD orders',
      ]);
      expect(a.filter((r) => r[0] === 'Destination').length).toBe(7);

      const detail = await sheet('finance', A.exportExceptionDetail, {
        ...range,
        kind: 'sensitiveGoods',
      });
      expect(detail.length - 1).toBe(d.kinds.find((k) => k.kind === 'sensitiveGoods')!.orders);
      expect(detail[0]![0]).toBe('Tracking no');
    });
  });
});
