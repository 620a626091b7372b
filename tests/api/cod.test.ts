import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportsInFlight } from '../../src/server/files/export.ts';
import { xlsxRows } from '../../src/server/files/sheet.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { CodStatus } from '../../src/shared/domain/cod.ts';
import { FeeType } from '../../src/shared/domain/order-fees.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { xlsxOf } from '../support/files.ts';
import { at, rowErrors } from './support/call.ts';
import { HEADERS, useCod } from './support/cod.ts';

/**
 * COD modifications: the import (every row checked, refused per row with its reason), the list and
 * its filters, batch approval (no self-approval, each answered, the order's COD and fees changed,
 * an event written), the export and the permissions. The daily push is cod-push.test.ts.
 */
describe('COD modifications', () => {
  const { customer, q, post, upload, download, list, create, receive, detail, setStatus, importRows } =
    useCod();

  describe('import', () => {
    it('offers the template in the caller’s language', async () => {
      const en = await download(contract.cod.downloadTemplate, 'finance');
      expect(en.status).toBe(200);
      const rows: string[][] = [];
      for await (const r of xlsxRows(en.bytes)) rows.push(r.cells);
      expect(rows[0]).toEqual(HEADERS);
      expect(rows[1]![0]).toBe('GL0001000001');
      const cn = await download(contract.cod.downloadTemplate, 'finance', 'cn');
      const cnRows: string[][] = [];
      for await (const r of xlsxRows(cn.bytes)) cnRows.push(r.cells);
      expect(cnRows[0]).not.toEqual(HEADERS);
      expect(cnRows[0]![0]!.startsWith('*')).toBe(true);
    });

    it('refuses signed, returned, lost and unknown orders per row, translated, and writes nothing', async () => {
      const good = await create();
      const signed = await create();
      const returned = await create();
      const lost = await create();
      await receive(returned.trackingNo);
      await receive(lost.trackingNo);
      await setStatus(signed.recId, OrderStatus.signed);
      await setStatus(returned.recId, OrderStatus.returned);
      await setStatus(lost.recId, OrderStatus.lost);
      const rows = [
        [good.trackingNo, '150', 'SAR', 'fine'],
        [signed.trackingNo, '150', '', ''],
        [returned.trackingNo, '150', '', ''],
        [lost.trackingNo, '150', '', ''],
        ['GL9999999999', '150', '', ''],
        [good.trackingNo.toLowerCase(), '-3', 'riyal', ''],
      ];
      const res = await importRows('finance', rows);
      expect(res.status, res.raw).toBe(400);
      expect(rowErrors(res)).toEqual(
        [
          {
            row: 3,
            column: 'Logistics order no',
            message: `Order ${signed.trackingNo} is signed for: its COD can no longer be modified`,
          },
          {
            row: 4,
            column: 'Logistics order no',
            message: `Order ${returned.trackingNo} is returned: its COD can no longer be modified`,
          },
          {
            row: 5,
            column: 'Logistics order no',
            message: `Order ${lost.trackingNo} is lost: its COD can no longer be modified`,
          },
          { row: 6, column: 'Logistics order no', message: 'No order has the tracking no GL9999999999' },
          { row: 7, column: 'Updated COD amount', message: 'Enter an amount from 0 with at most 2 decimals' },
          {
            row: 7,
            column: 'Currency',
            message: 'Enter a 3-letter currency code (e.g. SAR), or leave it empty to keep the order’s',
          },
          { row: 7, column: 'Logistics order no', message: 'Same as row 2' },
        ].sort((a, b) => a.row - b.row),
      );
      expect((await list('admin', { trackingNos: good.trackingNo })).total).toBe(0);

      const cn = await importRows('finance', [[signed.trackingNo, '150', '', '']], 'cn');
      expect(cn.status).toBe(400);
      const cnMessage = rowErrors(cn)[0]!.message;
      expect(cnMessage).toContain(signed.trackingNo);
      expect(cnMessage).not.toContain('signed for');
      const ar = await importRows('finance', [[signed.trackingNo, '150', '', '']], 'ar');
      const arMessage = rowErrors(ar)[0]!.message;
      expect(arMessage).toContain(signed.trackingNo);
      expect(arMessage).not.toBe(cnMessage);
      expect(arMessage).not.toContain('signed for');
    });

    it('imports pending modifications with the order’s amount as the original, and refuses a second pending one', async () => {
      const a = await create();
      const b = await create();
      const res = await importRows('finance', [
        [a.trackingNo, '150.5', '', 'customer asked'],
        [b.trackingNo, 0, 'AED', ''],
      ]);
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.rowCount).toBe(2);
      const page = await list('admin', { trackingNos: `${a.trackingNo}\n${b.trackingNo}` });
      expect(page.total).toBe(2);
      const byNo = Object.fromEntries(page.records.map((r) => [r.trackingNo, r]));
      expect(byNo[a.trackingNo]).toMatchObject({
        originalAmount: '199.00',
        originalCurrency: 'SAR',
        updatedAmount: '150.50',
        currency: 'SAR',
        remark: 'customer asked',
        status: CodStatus.pending,
        statusName: 'Pending',
        operator: 'Fang Finance',
        approver: null,
        approvedAt: null,
        customerCode: 'DEMO',
      });
      expect(byNo[b.trackingNo]).toMatchObject({ updatedAmount: '0.00', currency: 'AED' });

      const again = await importRows('finance', [[a.trackingNo, '140', '', '']]);
      expect(again.status).toBe(400);
      expect(rowErrors(again)).toEqual([
        {
          row: 2,
          column: 'Logistics order no',
          message: `Order ${a.trackingNo} already has a COD modification waiting for approval`,
        },
      ]);
      const logs = await q<{ kind: string; status: number }>(
        sql`SELECT kind, status FROM import_logs WHERE kind = 'cod' ORDER BY id`,
      );
      expect(logs.some((l) => l.status === 1)).toBe(true);
      expect(logs.some((l) => l.status === 2)).toBe(true);
    });
  });

  describe('list, approval and export', () => {
    it('filters by tracking nos, status, time range and customer', async () => {
      const demoOrder = await create('DEMO');
      const otherOrder = await create('OTHER');
      const res = await importRows('finance', [
        [demoOrder.trackingNo, '88', '', ''],
        [otherOrder.trackingNo, '12', 'USD', ''],
      ]);
      expect(res.status, res.raw).toBe(200);
      const other = await list('admin', { customerId: customer.OTHER });
      expect(other.records.map((r) => r.trackingNo)).toEqual([otherOrder.trackingNo]);
      expect(other.records[0]).toMatchObject({
        originalAmount: '0.00',
        originalCurrency: '',
        currency: 'USD',
      });
      const demo = await list('admin', { customerId: customer.DEMO, pageSize: 500 });
      expect(demo.records.every((r) => r.customerCode === 'DEMO')).toBe(true);
      expect(demo.records.map((r) => r.trackingNo)).toContain(demoOrder.trackingNo);
      const all = await list('admin', { pageSize: 500 });
      expect(all.total).toBe(demo.total + other.total);
      // newest first
      const times = all.records.map((r) => r.createdAt);
      expect([...times].sort().reverse()).toEqual(times);

      const future = await list('admin', { startTime: new Date(Date.now() + 3_600_000).toISOString() });
      expect(future.total).toBe(0);
      const past = await list('admin', {
        startTime: new Date(Date.now() - 3_600_000).toISOString(),
        endTime: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect(past.total).toBe(all.total);
      expect((await list('admin', { status: '1' })).total).toBe(0);
      expect((await list('admin', { status: '0' })).total).toBe(all.total);
      const bad = await post(contract.cod.list, 'admin', {
        startTime: '2026-01-02T00:00:00Z',
        endTime: '2026-01-01T00:00:00Z',
      });
      expect(bad.status).toBe(400);
    });

    it('approves and rejects in a batch as another user, never one’s own, answering each', async () => {
      const a = await create();
      const b = await create();
      const c = await create();
      await receive(a.trackingNo);
      const before = await detail(a.recId);
      const codFeeBefore = before.fees.find((f) => f.feeType === FeeType.codFee)?.amount;
      expect(codFeeBefore).toBeDefined();
      const res = await importRows('finance', [
        [a.trackingNo, '1000', '', 'raise'],
        [b.trackingNo, '50', '', ''],
        [c.trackingNo, '60', '', ''],
      ]);
      expect(res.status, res.raw).toBe(200);
      const ids = Object.fromEntries(
        (await list('admin', { trackingNos: [a, b, c].map((o) => o.trackingNo).join(',') })).records.map(
          (r) => [r.trackingNo, r.recId],
        ),
      );

      // The requester may not approve their own: every one fails, 409 with the answer.
      const own = await post(contract.cod.batchApproval, 'finance', {
        ids: [ids[a.trackingNo]],
        approve: true,
      });
      expect(own.status).toBe(409);
      expect(own.body.msg).toBe('Batch approval failed');
      expect(own.body.data.failed).toEqual([
        {
          recId: ids[a.trackingNo],
          trackingNo: a.trackingNo,
          message: 'You cannot approve or reject your own COD modification',
        },
      ]);

      // b is signed meanwhile: refused at approval, a succeeds.
      await setStatus(b.recId, OrderStatus.signed);
      const batch = await post(contract.cod.batchApproval, 'admin', {
        ids: [ids[a.trackingNo], ids[b.trackingNo]],
        approve: true,
        remark: 'ok by admin',
      });
      expect(batch.status, batch.raw).toBe(200);
      expect(batch.body.data.succeeded).toEqual([{ recId: ids[a.trackingNo], trackingNo: a.trackingNo }]);
      expect(batch.body.data.failed).toEqual([
        {
          recId: ids[b.trackingNo],
          trackingNo: b.trackingNo,
          message: `Order ${b.trackingNo} is signed for: its COD can no longer be modified`,
        },
      ]);
      expect(batch.body.data.message).toBe('Batch approval: 1 succeeded, 1 failed');

      const after = await detail(a.recId);
      expect(after.codAmount).toBe('1000.00');
      expect(after.isCod).toBe(true);
      const codFeeAfter = after.fees.find((f) => f.feeType === FeeType.codFee)?.amount;
      expect(codFeeAfter).toBeDefined();
      expect(codFeeAfter).not.toBe(codFeeBefore);
      const event = after.events.find((e) => e.node === 'COD_MODIFIED');
      expect(event).toMatchObject({
        name: 'COD amount modified',
        description: '199.00 SAR → 1000.00 SAR',
        isPublic: false,
        operatorName: 'Administrator',
      });
      expect((await detail(b.recId)).codAmount).toBe('199.00');

      const approved = (await list('admin', { trackingNos: a.trackingNo })).records[0]!;
      expect(approved).toMatchObject({
        status: CodStatus.approved,
        statusName: 'Approved',
        approver: 'Administrator',
        approvalRemark: 'ok by admin',
      });
      expect(approved.approvedAt).not.toBeNull();

      // A decided one is no longer pending; c is rejected and its order untouched.
      const rejected = await post(contract.cod.batchApproval, 'admin', {
        ids: [ids[c.trackingNo], ids[a.trackingNo]],
        approve: false,
        remark: 'no',
      });
      expect(rejected.status, rejected.raw).toBe(200);
      expect(rejected.body.data.succeeded.map((s) => s.trackingNo)).toEqual([c.trackingNo]);
      expect(rejected.body.data.failed[0]!.message).toBe(
        `The modification of ${a.trackingNo} is no longer pending`,
      );
      expect((await list('admin', { trackingNos: c.trackingNo })).records[0]!.status).toBe(
        CodStatus.rejected,
      );
      expect((await detail(c.recId)).codAmount).toBe('199.00');
      expect((await detail(c.recId)).events.some((e) => e.node === 'COD_MODIFIED')).toBe(false);

      const all = await post(contract.cod.batchApproval, 'admin', {
        ids: [ids[c.trackingNo]],
        approve: true,
      });
      expect(all.status).toBe(409);
      const cn = await post(
        contract.cod.batchApproval,
        'admin',
        { ids: [ids[c.trackingNo]], approve: true },
        'cn',
      );
      expect(cn.body.msg).not.toBe('Batch approval failed');
      const unknown = await post(contract.cod.batchApproval, 'admin', {
        ids: [2_000_000_000],
        approve: true,
      });
      expect(unknown.status).toBe(404);
    });

    it('exports what the filters select, template columns first', async () => {
      const o = await create();
      expect((await importRows('finance', [[o.trackingNo, '77', '', 'x']])).status).toBe(200);
      const started = await post(contract.cod.export, 'finance', { trackingNos: o.trackingNo });
      expect(started.status, started.raw).toBe(200);
      await exportsInFlight();
      const file = await download(
        at(contract.exportTask.download, { id: started.body.data.recId }),
        'finance',
      );
      expect(file.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
      const ws = wb.getWorksheet(1)!;
      expect((ws.getRow(1).values as unknown[]).slice(1, 5)).toEqual(HEADERS.map((h) => h.replace('*', '')));
      expect(ws.rowCount).toBe(2);
      expect((ws.getRow(2).values as unknown[]).slice(1, 5)).toEqual([o.trackingNo, '77.00', 'SAR', 'x']);
    });

    it('keeps operators, customer service, customers and the PDA out', async () => {
      const file = await xlsxOf([HEADERS, ['GL0000000001', '1', '', '']]);
      for (const who of ['operator', 'service', 'demo', 'demoSub', 'other', 'pda'] as const) {
        expect((await post(contract.cod.list, who)).status, who).toBe(403);
        expect((await post(contract.cod.export, who)).status, who).toBe(403);
        expect((await post(contract.cod.batchApproval, who, { ids: [1], approve: true })).status, who).toBe(
          403,
        );
        expect((await upload(who, file)).status, who).toBe(403);
        expect((await download(contract.cod.downloadTemplate, who)).status, who).toBe(403);
      }
    });
  });
});
