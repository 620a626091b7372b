import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportsInFlight } from '../../src/server/files/export.ts';
import type { ExportTaskRecord } from '../../src/shared/contract/export-task.ts';
import type { FeeExceptionListRecord } from '../../src/shared/contract/fee.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { AbnormalKind } from '../../src/shared/domain/order-rules.ts';
import { call } from './support/call.ts';
import { useFeeWorld, type Who } from './support/fee-world.ts';

/**
 * Fee exceptions (priceManage): the list, their recalculation after the rule is fixed through the
 * channel API (what changed, idempotent, no doubled lines), and the three exports. The setup is
 * fee.test.ts's (support/fee-world.ts).
 */
describe('fee exceptions and exports', () => {
  const {
    t,
    tokens,
    region,
    customer,
    channel,
    o,
    q,
    post,
    ok,
    details,
    exceptions,
    info,
    setRule,
    BH_RULE,
  } = useFeeWorld();

  describe('fee exceptions', () => {
    it('lists pending exceptions by default with the reason and whether a rule exists now', async () => {
      const page = await exceptions({});
      expect(page.records).toHaveLength(1);
      expect(page.records[0]).toMatchObject({
        orderId: o.bahrain.recId,
        trackingNo: o.bahrain.trackingNo,
        countryCode: 'BH',
        reason: 1,
        reasonText: 'The shipping channel CN-GCC-AIR has no price rule for Bahrain',
        state: 0,
        stateName: 'Pending',
        retriedAt: null,
        resolvedAt: null,
        ruleAvailable: false,
      });
      const cn = await exceptions({ trackingNos: o.bahrain.trackingNo }, 'finance', 'cn');
      expect(cn.records[0]!.reasonText).toBe('渠道 CN-GCC-AIR 没有 巴林 的报价规则');
      expect((await exceptions({ ruleAvailable: true })).total).toBe(0);
      expect((await exceptions({ state: '1' })).total).toBe(0);
      expect((await exceptions({ customerId: customer.OTHER })).total).toBe(0);
      expect((await exceptions({ reason: 2 })).total).toBe(0);
      expect((await exceptions({ channelId: channel['CN-GCC-AIR'], countryId: region.BH })).total).toBe(1);
      expect((await post(contract.fee.exceptionList, 'finance', { state: '2' })).status).toBe(400);
    });

    it('recalculation still fails while the rule is missing, then prices the order once it is fixed; twice changes nothing', async () => {
      const [x] = (await exceptions({ trackingNos: o.bahrain.trackingNo })).records as [
        FeeExceptionListRecord,
      ];
      const still = await ok(contract.fee.feeRecalculate, 'finance', { ids: [x.recId] });
      expect(still).toMatchObject({ recalculated: 0, failed: 1, skipped: 0 });
      expect(still.results[0]).toMatchObject({
        outcome: 'failed',
        message: 'The shipping channel CN-GCC-AIR has no price rule for Bahrain',
        before: { lines: [], exception: { reason: 1 } },
        after: { lines: [], exception: { reason: 1 } },
      });
      const [retried] = (await exceptions({ trackingNos: o.bahrain.trackingNo })).records;
      expect(retried!.retriedAt).not.toBeNull();
      expect(retried!.createdAt).toBe(x.createdAt);

      await setRule('CN-GCC-AIR', 'BH', BH_RULE);
      expect((await exceptions({ ruleAvailable: true })).records.map((r) => r.recId)).toEqual([x.recId]);
      const fixed = await ok(contract.fee.feeRecalculate, 'finance', { ids: [x.recId] }, 'cn');
      expect(fixed).toMatchObject({ recalculated: 1, failed: 0, skipped: 0 });
      expect(fixed.results[0]).toMatchObject({
        recId: x.recId,
        orderId: o.bahrain.recId,
        outcome: 'recalculated',
        before: { chargeableWeight: '1.000', lines: [], exception: { reason: 1 } },
        // 1 kg: 44.00 for the first 0.5 kg and one step of 18.50.
        after: {
          chargeableWeight: '1.000',
          lines: [{ feeType: 1, feeTypeName: '运费', amount: '62.50', currency: 'CNY' }],
          exception: null,
        },
      });
      const resolved = (await exceptions({ trackingNos: o.bahrain.trackingNo, state: '-1' })).records;
      expect(resolved).toMatchObject([{ state: 1, stateName: 'Resolved', resolvedBy: 'Fang Finance' }]);
      const order = (
        await call(t, contract.order.getOrderDetail, { params: { id: o.bahrain.recId }, token: tokens.admin })
      ).body.data;
      expect(order.abnormalKinds).not.toContain(AbnormalKind.noPrice);

      const lines = async () =>
        (
          await q<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM fee_details WHERE order_id = ${o.bahrain.recId}`,
          )
        )[0]!.n;
      expect(await lines()).toBe(1);
      const again = await ok(contract.fee.feeRecalculate, 'admin', {
        ids: [x.recId, x.recId],
      });
      expect(again).toMatchObject({ recalculated: 0, failed: 0, skipped: 1 });
      expect(again.results[0]!.message).toBe('Resolved before: nothing to recalculate');
      expect(again.results[0]!.after).toEqual(again.results[0]!.before);
      expect(await lines()).toBe(1);
      expect((await info(o.bahrain.recId)).exceptions.map((e) => e.resolvedBy)).toEqual(['Fang Finance']);
      expect((await details({ trackingNos: o.bahrain.trackingNo })).records.map((r) => r.amount)).toEqual([
        '62.50',
      ]);
    });

    it('refuses unknown ids whole (404, nothing changes) and an empty or oversized list', async () => {
      const before = await q(sql`SELECT id, state, retried_at FROM fee_exceptions ORDER BY id`);
      const [x] = (await exceptions({ state: '-1' })).records;
      const r = await post(contract.fee.feeRecalculate, 'finance', { ids: [x!.recId, 2_000_000_000] });
      expect(r.status).toBe(404);
      expect(await q(sql`SELECT id, state, retried_at FROM fee_exceptions ORDER BY id`)).toEqual(before);
      expect((await post(contract.fee.feeRecalculate, 'finance', { ids: [] })).status).toBe(400);
      const many = Array.from({ length: 501 }, (_, i) => i + 1);
      expect((await post(contract.fee.feeRecalculate, 'finance', { ids: many })).status).toBe(400);
    });
  });

  describe('exports', () => {
    const sheet = async (task: ExportTaskRecord, who: Who = 'finance') => {
      await exportsInFlight();
      const file = await call(t, contract.exportTask.download, {
        params: { id: task.recId },
        token: tokens[who],
      });
      expect(file.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
      const ws = wb.getWorksheet(1)!;
      const rows: unknown[][] = [];
      ws.eachRow((row) => {
        rows.push((row.values as unknown[]).slice(1));
      });
      return rows;
    };

    it('exports the fee lines the filters select, or the chosen ones', async () => {
      const task = await ok(contract.fee.exportFeeDetail, 'finance', {
        trackingNos: o.codOrder.trackingNo,
      });
      const rows = await sheet(task);
      expect(rows[0]!.slice(0, 3)).toEqual(['Tracking no', 'Customer no', 'Customer']);
      expect(rows.slice(1).map((r) => [r[0], r[6], r[7], r[8], r[11]])).toEqual([
        [o.codOrder.trackingNo, 'Freight', 70, 'CNY', 1.2],
        [o.codOrder.trackingNo, 'COD service fee', 2.99, 'SAR', 1.2],
      ]);
      const one = (await details({ trackingNos: o.otherOrder.trackingNo })).records[0]!;
      const chosen = await sheet(await ok(contract.fee.exportFeeDetail, 'finance', { ids: [one.recId] }));
      expect(chosen.slice(1).map((r) => r[0])).toEqual([o.otherOrder.trackingNo]);
    });

    it('exports by tracking no in the order given, saying why a number has no fees', async () => {
      const task = await ok(contract.fee.exportByTrackingNo, 'finance', {
        trackingNos: `GL0000000009\n${o.notReceived.trackingNo}, ${o.otherOrder.trackingNo}`,
      });
      const rows = await sheet(task);
      const note = rows[0]!.indexOf('Note');
      expect(note).toBe(rows[0]!.length - 1);
      expect(rows.slice(1).map((r) => [r[0], r[6] ?? null, r[note] ?? null])).toEqual([
        ['GL0000000009', null, 'No order has this tracking no'],
        [o.notReceived.trackingNo, null, 'Not received yet: no fees'],
        [o.otherOrder.trackingNo, 'Freight', null],
      ]);
      expect((await post(contract.fee.exportByTrackingNo, 'finance', { trackingNos: ' , ' })).status).toBe(
        400,
      );
    });

    it('exports the fee exceptions the filters select', async () => {
      const task = await ok(contract.fee.exportFeeException, 'finance', { state: '-1' });
      const rows = await sheet(task);
      expect(rows.slice(1).map((r) => [r[0], r[8], r[13]])).toEqual([
        [o.bahrain.trackingNo, 'Resolved', 'Yes'],
      ]);
    });
  });
});
