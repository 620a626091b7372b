import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { xlsxOf } from '../support/files.ts';
import { useLading } from './support/lading.ts';

describe('lading bills', () => {
  const { post, get, detail, orderOf, orders, newBill, filled, upload, exported } = useLading();

  describe('print content', () => {
    it('answers what the print pages draw: the bill, a line per parcel, labels', async () => {
      const { bill, orders: os } = await filled(2);
      const p = await post(contract.lading.getPrintContent, 'operator', { ids: [bill.recId] });
      expect(p.status, p.raw).toBe(200);
      expect(p.body.data.bills[0]!.bill.no).toBe(bill.no);
      expect(p.body.data.bills[0]!.lines.map((l) => [l.lineNo, l.trackingNo])).toEqual([
        [1, os[0]!.trackingNo],
        [2, os[1]!.trackingNo],
      ]);
      expect(p.body.data.bills[0]!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const l = await post(contract.lading.getPrintContentLabel, 'operator', {
        ids: [bill.recId],
      });
      expect(l.body.data.labels[0]).toMatchObject({
        no: bill.no,
        orderCount: 2,
        weight: '2.500',
        countryCode: 'SA',
      });
      const none = await post(contract.lading.getPrintContent, 'operator', { ids: [] });
      expect(none.status).toBe(400);
      expect(none.body.msg).toBe('Select bill(s) or batch(es) to print or pick up');
      expect((await post(contract.lading.getPrintContentLabel, 'operator', { ids: [999999] })).status).toBe(
        404,
      );
      expect((await post(contract.lading.getPrintContent, 'pda', { ids: [bill.recId] })).status).toBe(403);
    });
  });

  describe('exports and imports', () => {
    it('exports the list and the clearance packages', async () => {
      const { bill, orders: os } = await filled(2);
      const ws = await exported(contract.lading.export, { nos: bill.no });
      expect(ws.getRow(1).getCell(1).value).toBe('Lading bill no');
      expect(ws.getRow(2).getCell(1).value).toBe(bill.no);
      expect(ws.rowCount).toBe(2);
      const pk = await exported(contract.lading.exportClearancePackage, { ids: [bill.recId] });
      const nos: unknown[] = [];
      pk.eachRow((row, n) => {
        if (n > 1) nos.push(row.getCell(3).value);
      });
      expect(nos).toEqual(os.map((o) => o.trackingNo));
      expect((await post(contract.lading.export, 'pda', {})).status).toBe(403);
      expect((await post(contract.lading.exportClearancePackage, 'admin', {})).status).toBe(400);
    });

    it('downloads the template and imports bills: all rows valid, or nothing with each bad row', async () => {
      const tpl = await get(contract.lading.downloadTemplate, 'operator');
      expect(tpl.status).toBe(200);
      expect(tpl.headers['content-disposition']).toContain('Lading%20import.xlsx');
      const os = await orders(3);
      const open = await newBill();
      const headers = ['Lading bill no', 'Shipping channel code', 'Carrier code', 'Type', 'Tracking no'];
      const bad = await upload(
        contract.lading.import,
        'operator',
        'bad.xlsx',
        await xlsxOf([
          headers,
          ['', 'CN-SA-AIR-COD', '', '', os[0]!.trackingNo],
          ['', '', '', '', os[1]!.trackingNo],
          ['', 'CN-SA-AIR-COD', '', '1', 'GL9999999999'],
        ]),
      );
      expect(bad.status, bad.raw).toBe(400);
      const errors = (bad.body.data as unknown as { errors: { row: number; message: string }[] }).errors;
      expect(errors.map((e) => e.row)).toEqual([3, 4]);
      expect(errors.map((e) => e.message)).toEqual([
        'Select a logistics channel first',
        'No order has the tracking no GL9999999999',
      ]);
      const badType = await upload(
        contract.lading.import,
        'operator',
        'type.xlsx',
        await xlsxOf([headers, ['', 'CN-SA-AIR-COD', '', '3', os[0]!.trackingNo]]),
      );
      expect((badType.body.data as unknown as { errors: { message: string }[] }).errors[0]!.message).toBe(
        'Write 1 (clearance) or 2 (local)',
      );
      expect((await orderOf(os[0]!.id)).status).toBe(OrderStatus.received);

      const ok = await upload(
        contract.lading.import,
        'operator',
        'ok.xlsx',
        await xlsxOf([
          headers,
          ['', 'CN-SA-AIR-COD', 'NAQEL', '1', os[0]!.trackingNo],
          ['', 'cn-sa-air-cod', 'naqel', '1', os[1]!.trackingNo],
          [open.no, '', '', '', os[2]!.trackingNo],
        ]),
      );
      expect(ok.status, ok.raw).toBe(200);
      const res = ok.body.data;
      expect(res.rowCount).toBe(3);
      expect(res.bills).toHaveLength(2);
      expect(res.bills.find((b) => b.recId === open.recId)?.orderCount).toBe(1);
      const made = res.bills.find((b) => b.recId !== open.recId)!;
      expect(await detail(made.recId)).toMatchObject({ carrierCode: 'NAQEL', itemCount: 2 });
      expect((await orderOf(os[0]!.id)).status).toBe(OrderStatus.inLading);
      expect((await upload(contract.lading.import, 'pda', 'ok.xlsx', await xlsxOf([headers]))).status).toBe(
        403,
      );
    });
  });
});
