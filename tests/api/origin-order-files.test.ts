import { describe, expect, it } from 'vitest';
import { exportsInFlight } from '../../src/server/files/export.ts';
import { xlsxRows } from '../../src/server/files/sheet.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { xlsxOf } from '../support/files.ts';
import type { DEMO } from './support/app.ts';
import { call, rowErrors } from './support/call.ts';
import { useOriginOrders } from './support/origin-orders.ts';

type Who = keyof typeof DEMO;

describe('origin (foreign) orders', () => {
  const { t, tokens, seeded, one, post, postRaw, input, create } = useOriginOrders();

  describe('upload', () => {
    const orderCount = async (customerNo: string) =>
      (await one<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE customer_no = '${customerNo}'`))
        .n;

    it('refuses unconfirmed addresses with a translated reason and records the attempt', async () => {
      const made = await create();
      const res = await post(contract.originOrder.uploadOrder, 'operator', { ids: [made.recId] });
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe('None of the selected origin orders could be uploaded');
      expect(res.body.data.results[0]).toMatchObject({
        recId: made.recId,
        ok: false,
        trackingNo: null,
        message: `The receiver address of ${made.platformOrderNo} is not confirmed yet; The sender address of ${made.platformOrderNo} is not confirmed yet`,
      });
      const cn = await post(contract.originOrder.uploadOrder, 'operator', { ids: [made.recId] }, 'ar');
      expect(cn.body.data.results[0]!.message).not.toContain('is not confirmed');
      expect(await orderCount(made.platformOrderNo)).toBe(0);
      const detail = await post(contract.originOrder.detail, 'operator', { id: made.recId });
      expect(detail.body.data.uploadState).toBe(2);
      expect(detail.body.data.pushRecords).toHaveLength(2);
      expect(detail.body.data.pushRecords[0]).toMatchObject({ result: 2, operator: 'Olivia Operator' });
    });

    it('makes one regular order once and only once, even when asked twice at the same time', async () => {
      const made = await create();
      await post(contract.originOrder.confirmReceiverAddress, 'operator', { id: made.recId });
      await post(contract.originOrder.confirmSenderAddress, 'operator', { id: made.recId });
      const [a, b] = await Promise.all([
        post(contract.originOrder.uploadOrder, 'operator', { ids: [made.recId] }),
        post(contract.originOrder.uploadOrder, 'admin', { ids: [made.recId] }),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses, `${a.raw} ${b.raw}`).toEqual([200, 409]);
      const ok = (a.status === 200 ? a : b).body.data;
      expect(ok.uploaded).toBe(1);
      const tracking = ok.results[0]!.trackingNo!;
      expect(tracking).toMatch(/^GL\d{10}$/);
      expect(ok.results[0]!.message).toBe(`Uploaded as order ${tracking}`);
      const again = await post(contract.originOrder.uploadOrder, 'operator', { ids: [made.recId] });
      expect(again.status).toBe(409);
      expect(again.body.data.results[0]!.message).toBe(
        `Origin order ${made.platformOrderNo} was already uploaded as ${tracking}`,
      );
      expect(await orderCount(made.platformOrderNo)).toBe(1);

      const order = await call(t, contract.order.getOrderDetail, {
        params: { id: ok.results[0]!.orderId },
        token: tokens.admin,
      });
      expect(order.status).toBe(200);
      expect(order.body.data).toMatchObject({
        customerNo: made.platformOrderNo,
        codAmount: '99.00',
        isCod: true,
      });
      expect(order.body.data.consignee.regionIds).toHaveLength(4);
      expect(order.body.data.goods).toHaveLength(1);

      const detail = await post(contract.originOrder.detail, 'operator', { id: made.recId });
      expect(detail.body.data).toMatchObject({ uploadState: 1, trackingNo: tracking });
      expect(detail.body.data.pushRecords.map((p) => p.result).sort()).toEqual([1, 2, 2]);
      expect(detail.body.data.citc).toMatchObject({ status: 0, trackingNo: tracking, countryCode: 'SA' });
      const locked = await post(contract.originOrder.confirmReceiverAddress, 'operator', { id: made.recId });
      expect(locked.status).toBe(409);
    });

    it('answers each order of a mixed selection; an unknown id refuses the whole call', async () => {
      const good = await create({
        channelId: seeded.aeChannel,
        isCod: false,
        receiver: { ...input().receiver, country: 'AE', province: 'Dubai', city: 'Dubai', district: 'Deira' },
      });
      await post(contract.originOrder.confirmReceiverAddress, 'operator', { id: good.recId });
      await post(contract.originOrder.confirmSenderAddress, 'operator', { id: good.recId });
      const bad = await create();
      expect(
        (await post(contract.originOrder.uploadOrder, 'operator', { ids: [good.recId, 99_999_999] })).status,
      ).toBe(404);
      expect(await orderCount(good.platformOrderNo)).toBe(0);
      const res = await post(contract.originOrder.uploadOrder, 'operator', {
        ids: [good.recId, bad.recId],
      });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.uploaded).toBe(1);
      expect(res.body.data.results.map((r) => r.ok)).toEqual([true, false]);
      // The UAE is not reported to the CITC.
      const detail = await post(contract.originOrder.detail, 'operator', { id: good.recId });
      expect(detail.body.data.citc).toBeNull();
      expect((await post(contract.originOrder.uploadOrder, 'operator', { ids: [] })).status).toBe(400);
    });

    it('lists push records within a push time range, which is required', async () => {
      const none = await postRaw(contract.originOrder.pushRecordList, 'operator', {});
      expect(none.status).toBe(400);
      expect(none.body.msg).toBe('Push time range must be selected');
      const cn = await postRaw(contract.originOrder.pushRecordList, 'operator', {}, 'cn');
      expect(cn.body.msg).not.toBe('Push time range must be selected');
      const range = {
        startTime: new Date(Date.now() - 3_600_000).toISOString(),
        endTime: new Date(Date.now() + 60_000).toISOString(),
      };
      const all = await post(contract.originOrder.pushRecordList, 'operator', range);
      expect(all.status, all.raw).toBe(200);
      expect(all.body.data.total).toBeGreaterThan(3);
      const failed = await post(contract.originOrder.pushRecordList, 'operator', {
        ...range,
        result: '2',
      });
      expect(failed.body.data.records.every((r) => r.result === 2 && r.message !== '')).toBe(true);
      const old = await post(contract.originOrder.pushRecordList, 'operator', {
        startTime: '2020-01-01T00:00:00Z',
        endTime: '2020-02-01T00:00:00Z',
      });
      expect(old.body.data.total).toBe(0);
    });

    it('lists CITC records, paged and filtered', async () => {
      const res = await post(contract.order.citcList, 'service', { pageSize: 50 });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.total).toBeGreaterThan(0);
      expect(res.body.data.records.every((r) => r.countryCode === 'SA')).toBe(true);
      const first = res.body.data.records[0]!;
      const byNo = await post(contract.order.citcList, 'service', { trackingNos: first.trackingNo });
      expect(byNo.body.data.records.map((r) => r.recId)).toEqual([first.recId]);
      // The seed's: reported with the regulator's reference, one refused with its message.
      const reported = await post(contract.order.citcList, 'service', { status: '1' });
      expect(reported.body.data.total).toBeGreaterThan(0);
      expect(reported.body.data.records.every((r) => r.status === 1 && r.referenceNo && r.reportedAt)).toBe(
        true,
      );
      const rejected = await post(contract.order.citcList, 'service', { status: '2' });
      expect(rejected.body.data.records.map((r) => r.message)).toEqual([
        'Consignee national address (short address) is missing',
      ]);
      expect((await post(contract.order.citcList, 'service', { status: '9' })).status).toBe(400);
    });
  });

  describe('extra information', () => {
    const upload = (who: Who, name: string, content: Buffer, lang = 'en') =>
      call(t, contract.originOrder.importExtraOrderOriginInfo, {
        token: tokens[who],
        lang,
        file: { name, content },
      });
    const HEADERS = [
      '*Platform',
      '*Platform order no',
      'Buyer ID no',
      'Declared value',
      'Declared value currency',
      'Invoice no',
      'Payment method (COD, PREPAID, CARD, WALLET, BANK)',
      'Paid at (YYYY-MM-DD HH:mm, UTC)',
      'Extra remark',
    ];

    it('offers a template whose headers the importer reads', async () => {
      const res = await call(t, contract.originOrder.downloadExtraInfoTemplate, {
        token: tokens.operator,
        lang: 'en',
      });
      expect(res.status).toBe(200);
      const rows: string[][] = [];
      for await (const r of xlsxRows(res.bytes)) rows.push(r.cells);
      expect(rows[0]).toEqual(HEADERS);
      expect(rows[1]![0]).toBe('NOON');
    });

    it('writes nothing when any row is bad and lists each bad row', async () => {
      const a = await create();
      const b = await create();
      const before = await one<{ n: number }>(
        `SELECT count(*)::int AS n FROM origin_orders WHERE invoice_no <> ''`,
      );
      const file = await xlsxOf([
        HEADERS,
        ['noon', a.platformOrderNo, '1012345678', '120', 'SAR', 'INV-1', 'cod', '2025-01-15 10:30', 'ok'],
        ['NOON', 'NO-SUCH-ORDER', '', '', '', 'INV-2', '', '', ''],
        ['NOON', b.platformOrderNo, 'x', '1.234', '', 'INV-3', 'cash', '2025-02-30', ''],
        ['NOON', a.platformOrderNo, '', '', '', 'INV-4', '', '', ''],
        ['EBAY', b.platformOrderNo, '', '', '', '', '', '', ''],
      ]);
      const res = await upload('operator', 'extra.xlsx', file);
      expect(res.status, res.raw).toBe(400);
      const errors = rowErrors(res);
      expect(
        errors
          .filter((e) => e.row === 4)
          .map((e) => e.column)
          .sort(),
      ).toEqual(
        [
          'Buyer ID no',
          'Declared value',
          'Declared value currency',
          'Paid at (YYYY-MM-DD HH:mm, UTC)',
          'Payment method (COD, PREPAID, CARD, WALLET, BANK)',
        ].sort(),
      );
      expect(errors.find((e) => e.row === 5)).toMatchObject({
        column: 'Platform order no',
        message: 'The same origin order is already on row 2',
      });
      expect(errors.find((e) => e.row === 6)?.column).toBe('Platform');
      expect(errors.some((e) => e.row === 2)).toBe(false);
      const after = await one<{ n: number }>(
        `SELECT count(*)::int AS n FROM origin_orders WHERE invoice_no <> ''`,
      );
      expect(after.n).toBe(before.n);

      // The unknown order is reported once the rows themselves are fine.
      const unknown = await upload(
        'operator',
        'extra.csv',
        Buffer.from(`Platform,Platform order no,Invoice no\nNOON,NO-SUCH-ORDER,INV-2\n`),
      );
      expect(unknown.status).toBe(400);
      expect(rowErrors(unknown)[0]).toMatchObject({
        row: 2,
        message: 'There is no origin order NO-SUCH-ORDER from NOON',
      });
    });

    it('imports a good file; empty cells keep what is stored; the export carries it back', async () => {
      const a = await create();
      const b = await create({
        platform: 'AMAZON',
        platformOrderNo: `405-${Date.now() % 10_000_000}-1234567`,
      });
      const file = await xlsxOf([
        HEADERS,
        [
          'NOON',
          a.platformOrderNo,
          '1012345678',
          '120',
          'sar',
          'INV-A',
          'cod',
          '2025-01-15 10:30',
          'fragile',
        ],
        ['amazon', b.platformOrderNo, '', '', '', 'INV-B', 'PREPAID', '', ''],
      ]);
      const res = await upload('operator', 'extra.xlsx', file);
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.rowCount).toBe(2);
      const da = (await post(contract.originOrder.detail, 'operator', { id: a.recId })).body.data.extra;
      expect(da).toMatchObject({
        buyerIdNo: '1012345678',
        declaredValue: '120.00',
        declaredCurrency: 'SAR',
        invoiceNo: 'INV-A',
        paymentMethod: 'COD',
        paidAt: '2025-01-15T10:30:00.000Z',
        remark: 'fragile',
      });
      const second = await xlsxOf([HEADERS, ['NOON', a.platformOrderNo, '', '', '', 'INV-A2', '', '', '']]);
      expect((await upload('operator', 'extra.xlsx', second)).status).toBe(200);
      const again = (await post(contract.originOrder.detail, 'operator', { id: a.recId })).body.data.extra;
      expect(again).toMatchObject({ invoiceNo: 'INV-A2', buyerIdNo: '1012345678', paymentMethod: 'COD' });

      // Without a creation time range with both ends, no export.
      const range = {
        startTime: new Date(Date.now() - 3_600_000).toISOString(),
        endTime: new Date(Date.now() + 3_600_000).toISOString(),
      };
      const nos = `${a.platformOrderNo},${b.platformOrderNo}`;
      for (const body of [{ platformOrderNos: nos }, { platformOrderNos: nos, startTime: range.startTime }]) {
        const refused = await postRaw(contract.originOrder.exportExtraOrderInfo, 'operator', body);
        expect(refused.status).toBe(400);
        expect(refused.body.msg).toBe('Creation time range must be selected');
      }
      const started = await post(contract.originOrder.exportExtraOrderInfo, 'operator', {
        platformOrderNos: nos,
        ...range,
      });
      expect(started.status, started.raw).toBe(200);
      expect(started.body.data.name).toBe('Origin order extra information');
      await exportsInFlight();
      const file2 = await call(t, contract.exportTask.download, {
        params: { id: started.body.data.recId },
        token: tokens.operator,
      });
      expect(file2.status).toBe(200);
      const rows: string[][] = [];
      for await (const r of xlsxRows(file2.bytes)) rows.push(r.cells);
      expect(rows[0]!.slice(0, 9)).toEqual(HEADERS.map((h) => h.replace('*', '')));
      expect(rows).toHaveLength(3);
      const rowA = rows.find((r) => r[1] === a.platformOrderNo)!;
      expect(rowA.slice(0, 9)).toEqual([
        'NOON',
        a.platformOrderNo,
        '1012345678',
        '120.00',
        'SAR',
        'INV-A2',
        'COD',
        '2025-01-15 10:30',
        'fragile',
      ]);
      // The exported file imports again as it is.
      const back = await upload('operator', 'back.xlsx', file2.bytes);
      expect(back.status, back.raw).toBe(200);
    });

    it('refuses an import from customers and the PDA', async () => {
      const file = await xlsxOf([HEADERS, ['NOON', 'X', '', '', '', '', '', '', '']]);
      for (const who of ['demo', 'demoSub', 'pda'] as const)
        expect((await upload(who, 'x.xlsx', file)).status, who).toBe(403);
    });
  });
});
