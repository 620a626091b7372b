import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import type { OrderDetail } from '../../src/shared/contract/order.ts';
import { AbnormalKind } from '../../src/shared/domain/order-rules.ts';
import { at } from './support/call.ts';
import { useOrderStaff } from './support/order-staff.ts';

/**
 * The staff side of orders: abnormal orders and the order exports (the list's filters, formula
 * text kept as text). Orders are made through order/create as staff, received through the
 * receiving scan (support/order-staff.ts). The imports are order-staff-imports.test.ts, the
 * list's filters and limits order-staff-list.test.ts.
 */
describe('orders, staff side', () => {
  const { customer, q, post, postRaw, orderBody, create, detail, exported, column } = useOrderStaff();

  describe('abnormal orders', () => {
    let intercepted: OrderDetail;
    let markId = 0;

    it('lists the marks by kind, handling state and department, names in the caller’s language', async () => {
      intercepted = await create('DEMO');
      const r = await post(at(contract.order.interceptOrder, { id: intercepted.recId }), 'admin', {
        reason: 'Customer asked',
      });
      expect(r.status, r.raw).toBe(200);
      const list = await post(contract.order.orderAbnormalList, 'service', {
        trackingNos: intercepted.trackingNo.toLowerCase(),
        state: '0',
      });
      expect(list.status, list.raw).toBe(200);
      expect(list.body.data.total).toBe(1);
      const mark = list.body.data.records[0]!;
      markId = mark.recId;
      expect(mark).toMatchObject({
        orderId: intercepted.recId,
        trackingNo: intercepted.trackingNo,
        customerCode: 'DEMO',
        kind: AbnormalKind.intercepted,
        kindName: 'Intercepted',
        reasonText: 'Interception: Customer asked',
        department: 2,
        departmentName: 'Customer service',
        state: 0,
        stateName: 'Pending',
        handledAt: null,
        handleRemark: '',
      });
      const cn = await post(
        contract.order.orderAbnormalList,
        'admin',
        { trackingNos: intercepted.trackingNo, kind: 2, department: 2 },
        'cn',
      );
      expect(cn.body.data.records[0]!.departmentName).toBe('客服');
      const none = await post(contract.order.orderAbnormalList, 'admin', {
        trackingNos: intercepted.trackingNo,
        department: 1,
      });
      expect(none.body.data.total).toBe(0);
      const handledOnly = await post(contract.order.orderAbnormalList, 'admin', {
        trackingNos: intercepted.trackingNo,
        state: '1',
      });
      expect(handledOnly.body.data.total).toBe(0);
    });

    it('validates the filters and refuses customers, the PDA and staff without the key', async () => {
      const bad = await post(contract.order.orderAbnormalList, 'admin', {
        department: 9,
        state: '2',
      });
      expect(bad.status).toBe(400);
      expect(bad.issues.map((i) => i.path).sort()).toEqual(['department', 'state']);
      const range = await post(contract.order.orderAbnormalList, 'admin', {
        startTime: '2025-02-01T00:00:00Z',
        endTime: '2025-01-01T00:00:00Z',
      });
      expect(range.status).toBe(400);
      expect(range.body.msg).toBe('The end of the time range must be after its start');
      for (const who of ['demo', 'demoSub', 'pda', 'finance'] as const) {
        expect((await post(contract.order.orderAbnormalList, who)).status, who).toBe(403);
        expect(
          (await post(at(contract.order.cancelOrderAbnormal, { id: markId }), who, { remark: 'x' })).status,
          who,
        ).toBe(403);
        expect((await post(contract.order.exportOrderAbnormal, who)).status, who).toBe(403);
      }
    });

    it('marks one handled with a remark, once; the order leaves the abnormal list for that kind', async () => {
      const empty = await post(at(contract.order.cancelOrderAbnormal, { id: markId }), 'service', {
        remark: '  ',
      });
      expect(empty.status).toBe(400);
      expect(empty.issues).toEqual([{ path: 'remark', message: 'Write what was done about it' }]);
      expect(
        (await post(at(contract.order.cancelOrderAbnormal, { id: 999999 }), 'service', { remark: 'x' }))
          .status,
      ).toBe(404);

      const done = await post(at(contract.order.cancelOrderAbnormal, { id: markId }), 'service', {
        remark: 'Parcel returned to the customer',
      });
      expect(done.status, done.raw).toBe(200);
      expect(done.body.data).toMatchObject({
        recId: markId,
        state: 1,
        stateName: 'Handled',
        handledBy: 'Sami Service',
        handleRemark: 'Parcel returned to the customer',
      });
      expect(done.body.data.handledAt).not.toBeNull();
      const again = await post(at(contract.order.cancelOrderAbnormal, { id: markId }), 'service', {
        remark: 'again',
      });
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe(
        `This abnormal mark of order ${intercepted.trackingNo} was already handled`,
      );
      const order = await detail(intercepted.recId);
      expect(order.abnormalKinds).toEqual([]);
      const abnormalOnly = await post(contract.order.list, 'admin', {
        trackingNos: intercepted.trackingNo,
        abnormal: true,
      });
      expect(abnormalOnly.body.data.total).toBe(0);
    });

    it('exports the marks the filters select', async () => {
      const { task, ws } = await exported(contract.order.exportOrderAbnormal, 'service', {
        trackingNos: intercepted.trackingNo,
      });
      expect(task).toMatchObject({ kind: 'order-abnormal', name: 'Abnormal orders' });
      expect(column(ws, 'Tracking no')).toEqual([intercepted.trackingNo]);
      expect(column(ws, 'Handling remark')).toEqual(['Parcel returned to the customer']);
      expect(column(ws, 'Responsible department')).toEqual(['Customer service']);
    });
  });

  describe('order exports', () => {
    let hostile: OrderDetail;
    let plain: OrderDetail;
    let other: OrderDetail;

    beforeAll(async () => {
      hostile = await create('DEMO', {
        customerNo: 'XLS-1',
        consignee: { ...orderBody('DEMO').consignee, name: '=cmd|calc!A0', address: '+SUM(1)' },
        goods: [{ nameEn: '@SUM(A1)', nameCn: '-2+3', quantity: 1, hsCode: '610910', unitPrice: '1.00' }],
      });
      plain = await create('DEMO', { customerNo: 'XLS-2' });
      other = await create('OTHER', { customerNo: 'XLS-3' });
    });
    const bulk = () => [hostile, plain, other].map((o) => o.trackingNo).join('\n');
    /** The creation time range every export needs: around now, when these orders were made. */
    const range = () => ({
      startTime: new Date(Date.now() - 3_600_000).toISOString(),
      endTime: new Date(Date.now() + 3_600_000).toISOString(),
    });

    it('writes the rows the list’s filters select, formula-looking text as text', async () => {
      const filters = { trackingNos: bulk(), customerId: customer.DEMO, ...range() };
      const list = await post(contract.order.list, 'admin', { ...filters, pageSize: 100 });
      const { task, ws } = await exported(contract.order.exportOrderInfo, 'operator', filters);
      expect(task).toMatchObject({ kind: 'order-info', name: 'Orders', status: 0 });
      expect(column(ws, 'Tracking no').sort()).toEqual(
        list.body.data.records.map((r) => r.trackingNo).sort(),
      );
      expect(column(ws, 'Tracking no').sort()).toEqual([hostile.trackingNo, plain.trackingNo].sort());
      const names = column(ws, 'Consignee');
      expect(names).toContain('=cmd|calc!A0');
      expect(column(ws, 'Consignee address')).toContain('+SUM(1)');
      const types: unknown[] = [];
      ws.eachRow((row) => row.eachCell((c) => types.push(c.type)));
      expect(types).not.toContain(ExcelJS.ValueType.Formula);
      expect(column(ws, 'Declared weight (kg)')).toEqual([1, 1]);
    });

    it('narrows to the selected ids, and confines a customer to its own orders whatever it asks', async () => {
      const { ws } = await exported(contract.order.exportOrderInfo, 'admin', {
        trackingNos: bulk(),
        ids: [plain.recId],
        ...range(),
      });
      expect(column(ws, 'Tracking no')).toEqual([plain.trackingNo]);
      const mine = await exported(contract.order.exportOrderInfo, 'demo', {
        trackingNos: bulk(),
        customerId: customer.OTHER,
        ...range(),
      });
      expect(mine.ws.rowCount).toBe(1);
      const own = await exported(contract.order.exportOrderInfo, 'demoSub', {
        trackingNos: bulk(),
        ...range(),
      });
      expect(column(own.ws, 'Tracking no').sort()).toEqual([hostile.trackingNo, plain.trackingNo].sort());
    });

    it('exports goods lines and clearance data of the same selection', async () => {
      const goods = await exported(contract.order.exportOrderGoodsInfo, 'operator', {
        trackingNos: bulk(),
        ...range(),
      });
      expect(goods.task.name).toBe('Order goods');
      expect(column(goods.ws, 'Tracking no')).toHaveLength(5);
      expect(column(goods.ws, 'English goods name')).toContain('@SUM(A1)');
      expect(column(goods.ws, 'Chinese goods name')).toContain('-2+3');
      const tshirt = column(goods.ws, 'Value');
      expect(tshirt).toContain(19.8);
      const types: unknown[] = [];
      goods.ws.eachRow((row) => row.eachCell((c) => types.push(c.type)));
      expect(types).not.toContain(ExcelJS.ValueType.Formula);

      await q(sql`UPDATE orders SET clearance_no = 'CL-777' WHERE id = ${plain.recId}`);
      const clearance = await exported(
        contract.order.exportClearanceData,
        'operator',
        { trackingNos: bulk(), customerId: customer.DEMO, ...range() },
        'cn',
      );
      expect(clearance.task.name).toBe('清关数据');
      const header = (clearance.ws.getRow(1).values as unknown[]).slice(1, 3);
      expect(header).toEqual(['运单号', '清关单号']);
      expect(clearance.ws.rowCount).toBe(1 + 3);
      const cl: unknown[] = [];
      clearance.ws.eachRow((row, n) => {
        if (n > 1 && row.getCell(1).value === plain.trackingNo) cl.push(row.getCell(2).value);
      });
      expect(cl).toEqual(['CL-777', 'CL-777']);
    });

    it('refuses the staff-only exports to customers and the PDA, and bad filters', async () => {
      for (const who of ['demo', 'pda'] as const) {
        expect((await post(contract.order.exportOrderGoodsInfo, who)).status, who).toBe(403);
        expect((await post(contract.order.exportClearanceData, who)).status, who).toBe(403);
      }
      expect((await post(contract.order.exportOrderInfo, 'pda')).status).toBe(403);
      expect((await post(contract.order.exportOrderInfo, 'finance')).status).toBe(403);
      const bad = await post(contract.order.exportOrderInfo, 'admin', {
        payment: '7',
        ids: [],
        ...range(),
      });
      expect(bad.status).toBe(400);
      expect(bad.issues.map((i) => i.path).sort()).toEqual(['ids', 'payment']);
    });

    it('refuses every order export without a creation time range with both ends', async () => {
      const { startTime, endTime } = range();
      for (const path of [
        contract.order.exportOrderInfo,
        contract.order.exportOrderGoodsInfo,
        contract.order.exportClearanceData,
      ])
        for (const body of [
          {},
          { trackingNos: bulk() },
          { startTime },
          { endTime },
          { ids: [plain.recId] },
        ]) {
          const r = await postRaw(path, 'admin', body);
          expect(r.status, `${path.path} ${JSON.stringify(body)}`).toBe(400);
          expect(r.body.msg).toBe('Creation time range must be selected');
          expect(r.issues.map((i) => i.path).sort()).toEqual(
            ['endTime', 'startTime'].filter((k) => !(k in body)),
          );
        }
      const customerOwn = await postRaw(contract.order.exportOrderInfo, 'demo', { trackingNos: bulk() });
      expect(customerOwn.status).toBe(400);
      expect(customerOwn.body.msg).toBe('Creation time range must be selected');
    });
  });
});
