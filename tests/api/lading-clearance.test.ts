import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import type { LadingRecord } from '../../src/shared/contract/lading.ts';
import { xlsxOf } from '../support/files.ts';
import { useLading } from './support/lading.ts';
import type { MadeOrder } from './support/movement.ts';

describe('lading bills', () => {
  const { region, post, orderOf, filled, upload, exported } = useLading();

  describe('customs clearance view', () => {
    let bill: LadingRecord;
    let made: MadeOrder[];
    beforeAll(async () => {
      ({ bill, orders: made } = await filled(2));
    });

    it('lists clearance bills and their orders, declaration lines and customers', async () => {
      const list = await post(contract.lading.listOriginInfo, 'operator', {
        nos: bill.no,
        clearanceStatus: '0',
      });
      expect(list.status, list.raw).toBe(200);
      expect(list.body.data.records[0]).toMatchObject({
        recId: bill.recId,
        clearanceStatus: 0,
        clearanceStatusName: 'New',
      });
      const orders = await post(contract.lading.listDetail, 'operator', {
        id: bill.recId,
      });
      expect(orders.body.data.total).toBe(2);
      expect(orders.body.data.records[0]).toMatchObject({
        trackingNo: made[0]!.trackingNo,
        customerCode: 'DEMO',
        goodsLines: 1,
        goodsValue: '19.80 USD',
        weight: '1.250',
        packageNo: null,
      });
      const goods = await post(contract.lading.listOriginDetail, 'operator', {
        id: bill.recId,
        trackingNos: made[1]!.trackingNo,
      });
      expect(goods.body.data.records).toEqual([
        expect.objectContaining({
          trackingNo: made[1]!.trackingNo,
          nameEn: 'T-shirt',
          quantity: 2,
          amount: '19.80',
        }),
      ]);
      const customers = await post(contract.lading.ladingCustomer, 'operator', {
        id: bill.recId,
      });
      expect(customers.body.data).toEqual([
        expect.objectContaining({
          customerCode: 'DEMO',
          orderCount: 2,
          pieceCount: 2,
          weight: '2.500',
          goodsValue: '39.60 USD',
        }),
      ]);
      expect((await post(contract.lading.listDetail, 'operator', { id: 999999 })).status).toBe(404);
      expect((await post(contract.lading.listOriginInfo, 'pda', {})).status).toBe(403);
    });

    it('updates clearance data and status (forward only)', async () => {
      const r = await post(contract.lading.updateData, 'operator', {
        id: bill.recId,
        declarationNo: 'DEC-1',
        orders: [{ trackingNo: made[0]!.trackingNo, clearanceNo: 'CL-0001' }],
      });
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data.declarationNo).toBe('DEC-1');
      expect((await orderOf(made[0]!.id)).clearanceNo).toBe('CL-0001');
      const foreign = await post(contract.lading.updateData, 'operator', {
        id: bill.recId,
        orders: [{ trackingNo: 'GL9999999999', clearanceNo: 'CL-2' }],
      });
      expect(foreign.status).toBe(400);
      const badNo = await post(contract.lading.updateData, 'operator', {
        id: bill.recId,
        orders: [{ trackingNo: made[0]!.trackingNo, clearanceNo: 'bad no!' }],
      });
      expect(badNo.status).toBe(400);

      const done = await post(contract.lading.updateStatus, 'operator', {
        ids: [bill.recId],
        status: '3',
      });
      expect(done.status, done.raw).toBe(200);
      expect(done.body.data[0]!.clearanceStatusName).toBe('Clearance complete');
      const back = await post(contract.lading.updateStatus, 'operator', { ids: [bill.recId], status: 0 });
      expect(back.status).toBe(409);
      expect(back.body.msg).toBe(`${bill.no} cannot go from Clearance complete to New`);
      expect(
        (await post(contract.lading.updateStatus, 'operator', { ids: [bill.recId], status: 4 })).status,
      ).toBe(200);
      const locked = await post(contract.lading.updateData, 'operator', {
        id: bill.recId,
        declarationNo: 'X',
      });
      expect(locked.status).toBe(409);
    });

    it('imports clearance nos, prints invoices, exports bills and declaration lines', async () => {
      const { bill: b, orders: os } = await filled(1);
      const headers = ['Lading bill no', 'Tracking no', 'Clearance no'];
      const bad = await upload(
        contract.lading.ladingImport,
        'operator',
        'c.xlsx',
        await xlsxOf([headers, [b.no, made[0]!.trackingNo, 'CL-9']]),
      );
      expect(bad.status).toBe(400);
      const ok = await upload(
        contract.lading.ladingImport,
        'operator',
        'c.xlsx',
        await xlsxOf([headers, [b.no, os[0]!.trackingNo, 'CL-9']]),
      );
      expect(ok.status, ok.raw).toBe(200);
      expect((await orderOf(os[0]!.id)).clearanceNo).toBe('CL-9');
      const inv = await post(contract.lading.printInvoice, 'operator', {
        id: b.recId,
        output: 'data',
      });
      expect(inv.status, inv.raw).toBe(200);
      expect(inv.body.data.invoices.map((i) => i.trackingNo)).toEqual([os[0]!.trackingNo]);
      expect(inv.body.data.pdf).toBeNull();
      const ws = await exported(contract.lading.ladingExport, { nos: b.no });
      expect(ws.getRow(2).getCell(1).value).toBe(b.no);
      const goods = await exported(contract.lading.ladingOriginExport, { ids: [b.recId] });
      expect(goods.getRow(2).getCell(2).value).toBe(os[0]!.trackingNo);
      expect(region.SA).toBeGreaterThan(0);
    });
  });
});
