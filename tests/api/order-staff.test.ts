import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { consigneePhoneDigits, orders } from '../../src/server/db/schema/index.ts';
import { exportsInFlight } from '../../src/server/files/export.ts';
import { xlsxRows } from '../../src/server/files/sheet.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import type { ExportTaskRecord } from '../../src/shared/contract/export-task.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { OrderDetail } from '../../src/shared/contract/order.ts';
import { AbnormalKind } from '../../src/shared/domain/order-rules.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { xlsxOf, zipBomb } from '../support/files.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { at, call, callRaw, callWith, rowErrors } from './support/call.ts';

type Who = keyof typeof DEMO;

/**
 * The staff side of orders: abnormal orders, the order exports (the list's filters, formula text
 * kept as text), the checked-weight and clearance imports and their templates. Orders are made
 * through order/create as staff, received through the receiving scan.
 */
describe('orders, staff side', () => {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  const region: Record<string, number> = {};
  const customer: Record<string, number> = {};
  let channelId = 0;

  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);
  const post = <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  /** Input the entry's schema refuses, on purpose. */
  const postRaw = (entry: EndpointDef, who: Who, body: unknown = {}, lang = 'en') =>
    callRaw(t, entry, { token: tokens[who], body, lang });
  const get = <E extends EndpointDef>(entry: E, who: Who, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], lang });

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    for (const r of await q<{ id: number; code: string }>(sql`SELECT id, code FROM regions`))
      region[r.code] = r.id;
    for (const c of await q<{ id: number; code: string }>(sql`SELECT id, code FROM customers`))
      customer[c.code] = c.id;
    channelId = (
      await q<{ id: number }>(sql`SELECT id FROM shipping_channels WHERE code = 'CN-SA-AIR-COD'`)
    )[0]!.id;
  });

  const orderBody = (customerCode: string, more: Record<string, unknown> = {}) => ({
    customerId: customer[customerCode],
    channelId,
    consignee: {
      name: 'Ahmed Al-Harbi',
      phone: '+966 50 123 4567',
      regionIds: ['SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-OL'].map((c) => region[c]),
      address: 'King Fahd Road 12',
    },
    weight: '1.000',
    // OTHER may not create COD orders.
    ...(customerCode === 'OTHER'
      ? { isCod: false }
      : { isCod: true, codAmount: '199.00', codCurrency: 'SAR' }),
    goods: [
      { nameEn: 'T-shirt', nameCn: 'T恤', quantity: 2, hsCode: '610910', unitPrice: '9.90' },
      { nameEn: 'Cap', nameCn: '帽子', quantity: 1, hsCode: '650500', unitPrice: '5.00' },
    ],
    ...more,
  });
  const create = async (customerCode = 'DEMO', more: Record<string, unknown> = {}) => {
    const r = await post(contract.order.create, 'admin', orderBody(customerCode, more));
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const receive = async (trackingNo: string) => {
    const r = await post(at(contract.order.receive, { trackingNo }), 'operator');
    expect(r.body.data.kind, r.raw).toBe('ok');
  };
  const detail = async (id: number) =>
    (await get(at(contract.order.getOrderDetail, { id }), 'admin')).body.data;

  const upload = <E extends EndpointDef>(entry: E, who: Who, name: string, content: Buffer, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], lang, file: { name, content } });
  const download = <E extends EndpointDef>(entry: E, who: Who, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], lang });
  const sheet = async (buf: Buffer) => {
    const rows: string[][] = [];
    for await (const r of xlsxRows(buf)) rows.push(r.cells);
    return rows;
  };
  /** Starts an export, waits for it, and answers its task and its worksheet. */
  const exported = async (entry: EndpointDef, who: Who, body: object, lang = 'en') => {
    const started = await callRaw(t, entry, { token: tokens[who], body, lang });
    expect(started.status, started.raw).toBe(200);
    const task = started.body.data as ExportTaskRecord;
    await exportsInFlight();
    const file = await download(at(contract.exportTask.download, { id: task.recId }), who);
    expect(file.status, file.raw).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
    return { task, ws: wb.getWorksheet(1)! };
  };
  const column = (ws: ExcelJS.Worksheet, header: string) => {
    const at = (ws.getRow(1).values as unknown[]).indexOf(header);
    expect(at, header).toBeGreaterThan(0);
    const out: unknown[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) out.push(row.getCell(at).value);
    });
    return out;
  };

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

  describe('checked-weight import', () => {
    const HEADERS = ['*Tracking no', '*Weight (kg)', 'Length (cm)', 'Width (cm)', 'Height (cm)'];

    it('offers a template in the caller’s language whose headers the importer reads', async () => {
      const en = await download(contract.order.downloadCheckFile, 'operator');
      expect(en.status).toBe(200);
      expect(en.headers['content-disposition']).toContain(
        "filename*=UTF-8''Checked%20weight%20import%20template.xlsx",
      );
      expect((await sheet(en.bytes))[0]).toEqual(HEADERS);
      const ar = await download(contract.order.downloadCheckFile, 'operator', 'ar');
      expect((await sheet(ar.bytes))[0]![0]).not.toBe(HEADERS[0]);
      for (const who of ['demo', 'pda'] as const)
        expect((await download(contract.order.downloadCheckFile, who)).status, who).toBe(403);
    });

    it('applies each row exactly as checkWv does, in the caller’s template language too', async () => {
      const byCall = await create('DEMO');
      const byFile = await create('DEMO');
      const byFileCn = await create('DEMO');
      for (const o of [byCall, byFile, byFileCn]) await receive(o.trackingNo);
      const wv = await post(contract.order.checkWv, 'operator', {
        orderId: byCall.recId,
        weight: '2.5',
        length: '40',
        width: '30',
        height: '20',
      });
      expect(wv.status, wv.raw).toBe(200);
      const res = await upload(
        contract.order.importCheck,
        'operator',
        'check.xlsx',
        await xlsxOf([HEADERS, [byFile.trackingNo.toLowerCase(), 2.5, 40, 30, 20]]),
      );
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.rowCount).toBe(1);
      const cnHeaders = (
        await sheet((await download(contract.order.downloadCheckFile, 'admin', 'cn')).bytes)
      )[0]!;
      const cn = await upload(
        contract.order.importCheck,
        'admin',
        'check.xlsx',
        await xlsxOf([cnHeaders, [byFileCn.trackingNo, '2.5', '40', '30', '20']]),
        'cn',
      );
      expect(cn.status, cn.raw).toBe(200);

      const a = await detail(byCall.recId);
      for (const o of [byFile, byFileCn]) {
        const b = await detail(o.recId);
        for (const k of [
          'checkStatus',
          'checkedWeight',
          'length',
          'width',
          'height',
          'volumeWeight',
          'chargeableWeight',
          'abnormalKinds',
        ] as const)
          expect(b[k], k).toEqual(a[k]);
        expect(b.fees.map((f) => [f.feeType, f.amount, f.currency])).toEqual(
          a.fees.map((f) => [f.feeType, f.amount, f.currency]),
        );
        expect(b.events.map((e) => e.node)).toEqual(a.events.map((e) => e.node));
      }
      expect(a.abnormalKinds).toContain(AbnormalKind.weightDiscrepancy);
      expect(a.checkStatus).toBe(3);
    });

    it('reports every bad row and writes nothing', async () => {
      const good = await create('DEMO');
      await receive(good.trackingNo);
      const notYet = await create('DEMO');
      const file = await xlsxOf([
        HEADERS,
        [good.trackingNo, 1.2, '', '', ''],
        ['GL9999999999', 1, '', '', ''],
        [notYet.trackingNo, 1, '', '', ''],
        [good.trackingNo, 'heavy', -1, '', ''],
      ]);
      const res = await upload(contract.order.importCheck, 'operator', 'bad.xlsx', file);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(
        '3 rows are not valid; nothing was imported. Fix them and import the file again.',
      );
      expect(rowErrors(res)).toEqual([
        { row: 3, column: 'Tracking no', message: 'No order has the tracking no GL9999999999' },
        {
          row: 4,
          column: 'Tracking no',
          message: `Order ${notYet.trackingNo} is Created: weigh it after it is received and before it is picked up`,
        },
        { row: 5, column: 'Weight (kg)', message: 'Enter a correct number' },
        { row: 5, column: 'Length (cm)', message: 'Enter a correct number' },
        { row: 5, column: 'Tracking no', message: 'Same as row 2' },
      ]);
      const after = await detail(good.recId);
      expect(after.checkedWeight).toBeNull();
      expect(after.checkStatus).toBe(0);
    });

    it('shares the rules with the origin screen’s import, which weighs only orders made from origin orders', async () => {
      // An order uploaded from an origin order (the demo data's), received; and a plain one.
      const [made] = await q<{ id: number; tracking_no: string }>(
        sql`SELECT o.id, o.tracking_no FROM origin_orders oo JOIN orders o ON o.id = oo.order_id
          WHERE o.status = ${OrderStatus.created} ORDER BY o.id LIMIT 1`,
      );
      await receive(made!.tracking_no);
      const plain = await create('DEMO');
      await receive(plain.trackingNo);

      const mixed = await xlsxOf([
        HEADERS,
        [made!.tracking_no, 0.8, '', '', ''],
        [plain.trackingNo, 0.9, '', '', ''],
      ]);
      const refused = await upload(
        contract.originOrder.checkedWeightImport,
        'operator',
        'origin.xlsx',
        mixed,
      );
      expect(refused.status).toBe(400);
      expect(rowErrors(refused)).toEqual([
        {
          row: 3,
          column: 'Tracking no',
          message: `Order ${plain.trackingNo} was not made from a foreign order`,
        },
      ]);
      expect((await detail(Number(made!.id))).checkedWeight).toBeNull();
      // order/importCheck weighs either.
      expect((await upload(contract.order.importCheck, 'operator', 'check.xlsx', mixed)).status).toBe(200);
      expect((await detail(plain.recId)).checkedWeight).toBe('0.900');

      const file = await xlsxOf([HEADERS, [made!.tracking_no, 0.7, '', '', '']]);
      const res = await upload(contract.originOrder.checkedWeightImport, 'operator', 'origin.xlsx', file);
      expect(res.status, res.raw).toBe(200);
      expect((await detail(Number(made!.id))).checkedWeight).toBe('0.700');
      const logs = await q<{ kind: string }>(sql`SELECT kind FROM import_logs ORDER BY id DESC LIMIT 1`);
      expect(logs[0]!.kind).toBe('origin-check');
    });

    it('needs checkWv’s permission (order:check) for both imports; refuses a zip bomb, customers and the PDA', async () => {
      const o = await create('DEMO');
      await receive(o.trackingNo);
      const file = await xlsxOf([HEADERS, [o.trackingNo, 0.8, '', '', '']]);
      const bomb = await upload(contract.order.importCheck, 'admin', 'bomb.xlsx', await zipBomb(300));
      expect(bomb.status).toBe(413);
      for (const who of ['demo', 'demoSub', 'pda', 'finance'] as const) {
        expect((await upload(contract.order.importCheck, who, 'c.xlsx', file)).status, who).toBe(403);
        expect(
          (await upload(contract.originOrder.checkedWeightImport, who, 'c.xlsx', file)).status,
          who,
        ).toBe(403);
      }

      // A role with the import keys of both screens (order:import, foreignOrder:import) but not
      // order:check re-weighs nothing; given order:check, it may.
      const menus = await call(t, contract.system.getAllMenus, {
        token: tokens.admin,
      });
      expect(menus.status, menus.raw).toBe(200);
      const menu = (path: string) => menus.body.data.find((m) => m.path === path)!.recId;
      const importKeys = [menu('order:import'), menu('foreignOrder:import')];
      const role = await post(contract.system.roleSave, 'admin', {
        name: 'Importers without weighing',
        menuIds: importKeys,
      });
      expect(role.status, role.raw).toBe(200);
      const user = await post(contract.system.userSave, 'admin', {
        username: 'importer',
        nickname: 'Importer',
        type: 1,
        roleIds: [role.body.data.recId],
        password: 'importer-pass',
      });
      expect(user.status, user.raw).toBe(200);
      const importer = await t.login('importer', 'importer-pass');
      const asImporter = (entry: EndpointDef) =>
        callRaw(t, entry, { token: importer, lang: 'en', file: { name: 'c.xlsx', content: file } });
      for (const path of [contract.order.importCheck, contract.originOrder.checkedWeightImport])
        expect((await asImporter(path)).status, path.path).toBe(403);
      const template = await call(t, contract.order.downloadCheckFile, { token: importer });
      expect(template.status).toBe(403);

      const saved = await post(contract.system.roleSave, 'admin', {
        recId: role.body.data.recId,
        name: 'Importers without weighing',
        menuIds: [...importKeys, menu('order:check')],
      });
      expect(saved.status, saved.raw).toBe(200);
      const weighed = await asImporter(contract.order.importCheck);
      expect(weighed.status, weighed.raw).toBe(200);
      expect((await detail(o.recId)).checkedWeight).toBe('0.800');
    }, 90_000); // a zip bomb inflating: seconds alone, over 30 s on a loaded 2-core machine
  });

  describe('clearance import', () => {
    const HEADERS = ['*Tracking no', '*Clearance no'];

    it('offers its template and imports clearance numbers the list then shows', async () => {
      const tpl = await download(contract.order.downloadClearanceFile, 'operator', 'en');
      expect(tpl.status).toBe(200);
      expect((await sheet(tpl.bytes))[0]).toEqual(HEADERS);
      const a = await create('DEMO');
      const b = await create('OTHER');
      const res = await upload(
        contract.order.importClearance,
        'operator',
        'cl.csv',
        Buffer.from(`Tracking no,Clearance no\n${a.trackingNo},CL/2025-001\n${b.trackingNo},CL_2025_002\n`),
      );
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.rowCount).toBe(2);
      expect((await detail(a.recId)).clearanceNo).toBe('CL/2025-001');
      const list = await post(contract.order.list, 'admin', { trackingNos: b.trackingNo });
      expect(list.body.data.records[0]!.clearanceNo).toBe('CL_2025_002');
    });

    it('reports bad rows (unknown, cancelled, bad number, repeated) and writes nothing', async () => {
      const ok = await create('DEMO');
      const cancelled = await create('DEMO');
      expect((await post(contract.order.cancelOrder, 'admin', { ids: [cancelled.recId] })).status).toBe(200);
      const file = await xlsxOf([
        HEADERS,
        [ok.trackingNo, 'CL-1'],
        [cancelled.trackingNo, 'CL-2'],
        ['GL0000000000', 'CL-3'],
        [ok.trackingNo, '=HYPERLINK("x")'],
      ]);
      const res = await upload(contract.order.importClearance, 'operator', 'cl.xlsx', file);
      expect(res.status).toBe(400);
      expect(rowErrors(res)).toEqual([
        { row: 3, column: 'Tracking no', message: `Order ${cancelled.trackingNo} is cancelled` },
        { row: 4, column: 'Tracking no', message: 'No order has the tracking no GL0000000000' },
        {
          row: 5,
          column: 'Clearance no',
          message: 'Use up to 50 letters, digits, hyphens, slashes or underscores',
        },
        { row: 5, column: 'Tracking no', message: 'Same as row 2' },
      ]);
      expect((await detail(ok.recId)).clearanceNo).toBe('');
      expect((await detail(cancelled.recId)).status).toBe(OrderStatus.cancelled);
      for (const who of ['demo', 'pda'] as const) {
        expect((await upload(contract.order.importClearance, who, 'cl.xlsx', file)).status, who).toBe(403);
        expect((await download(contract.order.downloadClearanceFile, who)).status, who).toBe(403);
      }
      const bomb = await upload(contract.order.importClearance, 'admin', 'bomb.xlsx', await zipBomb(300));
      expect(bomb.status).toBe(413);
    });
  });

  describe('order/list consignee phone', () => {
    it('compares digits only, in the phone and the alternate phone, through the trigram index', async () => {
      const spaced = await create('DEMO', {
        consignee: { ...orderBody('DEMO').consignee, phone: '+966 57-913 2468' },
      });
      const second = await create('DEMO', {
        consignee: { ...orderBody('DEMO').consignee, phone: '050 000 0000', phone2: '(057) 913-2468' },
      });
      const mine = [spaced.trackingNo, second.trackingNo].join(',');
      const found = async (consigneePhone: string, trackingNos?: string) => {
        const r = await post(contract.order.list, 'admin', {
          consigneePhone,
          pageSize: 100,
          ...(trackingNos ? { trackingNos } : {}),
        });
        expect(r.status, r.raw).toBe(200);
        return r.body.data.records.map((o) => o.trackingNo);
      };
      // Spaces, dashes, parentheses and the leading + do not matter, on either side.
      expect(await found('966579132468')).toContain(spaced.trackingNo);
      expect(await found('+966 (57) 913 2468')).toContain(spaced.trackingNo);
      expect(await found('579132468')).toEqual(
        expect.arrayContaining([spaced.trackingNo, second.trackingNo]),
      );
      // The alternate phone is searched too.
      expect(await found('0579132468', mine)).toEqual([second.trackingNo]);
      expect(await found('057-913', mine)).toEqual([second.trackingNo]);
      // No country-code logic: a national number is not the international one.
      expect(await found('0579132468', spaced.trackingNo)).toEqual([]);
      // Digits never match across the two phones; text without digits matches nothing.
      expect(await found('00000579', mine)).toEqual([]);
      expect(await found('call me', mine)).toEqual([]);

      // The filter's expression is its index's (a sequential scan is not its only way).
      const plan = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const r = await tx.execute<{ 'QUERY PLAN': string }>(
          sql`EXPLAIN SELECT id FROM ${orders} WHERE ${consigneePhoneDigits(orders)} LIKE ${'%966579132468%'}`,
        );
        return r.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('orders_consignee_phone_trgm_idx');
    });
  });

  describe('bulk limits', () => {
    it('answers "Enter at most … numbers" beyond 1000 pasted numbers and 500 orders to cancel', async () => {
      const many = Array.from({ length: 1001 }, (_, i) => `GL${String(i).padStart(10, '0')}`).join('\n');
      for (const [path, body] of [
        [contract.order.list, { trackingNos: many }],
        [contract.order.list, { carrierTrackingNos: many }],
        [contract.order.orderAbnormalList, { trackingNos: many }],
      ] as const) {
        const r = await postRaw(path, 'admin', body);
        expect(r.status, path.path).toBe(400);
        expect(r.body.msg).toBe('Enter at most 1000 numbers');
        expect(r.issues[0]!.message).toBe('Enter at most 1000 numbers');
      }
      const cancel = await post(contract.order.cancelOrder, 'admin', {
        ids: Array.from({ length: 501 }, (_, i) => i + 1),
      });
      expect(cancel.status).toBe(400);
      expect(cancel.body.msg).toBe('Enter at most 500 numbers');
      const cn = await post(contract.order.list, 'admin', { trackingNos: many }, 'cn');
      expect(cn.body.msg).toContain('1000');
    });
  });

  describe('staff entering orders for a customer', () => {
    it('offer and accept only the customer’s channels', async () => {
      const channels = await q<{ id: number; code: string }>(sql`SELECT id, code FROM shipping_channels`);
      const channel = (code: string) => channels.find((c) => c.code === code)!.id;
      const assigned = async (code: string) =>
        (
          await q<{ code: string }>(sql`SELECT ch.code FROM customer_channels cc
            JOIN shipping_channels ch ON ch.id = cc.channel_id JOIN customers c ON c.id = cc.customer_id
            WHERE c.code = ${code} AND ch.status = 1 ORDER BY ch.code`)
        ).map((r) => r.code);
      const offered = async (who: Who, customerId?: number) => {
        const r = await call(t, contract.shipping.getShippingsByUser, {
          token: tokens[who],
          query: customerId ? { customerId } : {},
        });
        expect(r.status, r.raw).toBe(200);
        return r.body.data.map((c) => c.code);
      };
      const otherChannels = await assigned('OTHER');
      expect(otherChannels).toContain('CN-SA-AIR-COD');
      expect(otherChannels).not.toContain('EG-LOCAL');
      expect(await offered('admin', customer.OTHER)).toEqual(otherChannels);
      expect(await offered('admin', customer.DEMO)).toEqual(await assigned('DEMO'));
      expect(await offered('admin')).toContain('EG-LOCAL');
      // A customer account reads its own, whatever customer it names.
      expect(await offered('other', customer.DEMO)).toEqual(otherChannels);

      const refused = await post(
        contract.order.create,
        'admin',
        orderBody('OTHER', { channelId: channel('EG-LOCAL') }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('This shipping channel is not available to the customer');
      expect(refused.issues.map((i) => i.path)).toEqual(['channelId']);
      expect((await post(contract.order.create, 'admin', orderBody('OTHER'))).status).toBe(200);
    });
  });

  describe('order/list names', () => {
    it('shows each name as the database holds it now, also when another process renamed it', async () => {
      const o = await create('DEMO');
      await receive(o.trackingNo);
      const row = async () => {
        const r = await post(contract.order.list, 'admin', { trackingNos: o.trackingNo });
        expect(r.status, r.raw).toBe(200);
        return r.body.data.records[0]!;
      };
      const before = await row();
      expect(before).toMatchObject({ customerCode: 'DEMO', countryCode: 'SA' });
      expect(before.carrierName).not.toBeNull();
      // Renamed straight in the database, as another server process would: no call of this one
      // learns of it, only the names' stamp in the database changes.
      const rename = (table: string, column: string, id: number) =>
        t.database.db.execute(
          sql.raw(`UPDATE ${table} SET ${column} = ${column} || ' (renamed)' WHERE id = ${id}`),
        );
      await rename('customers', 'name', before.customerId);
      await rename('shipping_channels', 'name_en', before.channelId);
      await rename('regions', 'name_en', before.countryId);
      await rename('carriers', 'name_en', before.carrierId!);
      const user = await q<{ id: number }>(sql`SELECT id FROM users WHERE username = 'admin'`);
      await rename('users', 'nickname', user[0]!.id);
      const after = await row();
      expect(after.customerName).toBe(`${before.customerName} (renamed)`);
      expect(after.channelName).toBe(`${before.channelName} (renamed)`);
      expect(after.countryName).toBe(`${before.countryName} (renamed)`);
      expect(after.carrierName).toBe(`${before.carrierName} (renamed)`);
      expect(after.createdBy).toMatch(/ \(renamed\)$/);
      // A change of another column keeps the stamp (and the names this process holds).
      const stamp = () => q<{ version: number }>(sql`SELECT version FROM name_versions WHERE id = 1`);
      const [v1] = await stamp();
      await t.database.db.execute(sql`UPDATE users SET updated_at = now() WHERE id = ${user[0]!.id}`);
      expect(await stamp()).toEqual([v1]);
      for (const [table, column] of [
        ['customers', 'name'],
        ['shipping_channels', 'name_en'],
        ['regions', 'name_en'],
        ['carriers', 'name_en'],
        ['users', 'nickname'],
      ] as const)
        await t.database.db.execute(
          sql.raw(`UPDATE ${table} SET ${column} = replace(${column}, ' (renamed)', '')`),
        );
      expect(await row()).toMatchObject({
        customerName: before.customerName,
        channelName: before.channelName,
        countryName: before.countryName,
        carrierName: before.carrierName,
        createdBy: before.createdBy,
      });
    });
  });

  describe('order/list totals at volume', () => {
    it('counts selective filters exactly and answers "10,000+" beyond, the same once its estimate is known', async () => {
      const o = await create('DEMO');
      // 10,050 more orders of DEMO (copies of one, numbered), then the planner's statistics.
      const cols = (
        await q<{ column_name: string }>(sql`SELECT column_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = 'orders' AND column_name <> 'id'`)
      ).map((c) => c.column_name);
      const values = cols.map((c) =>
        c === 'tracking_no' ? `'VT' || lpad(g::text, 8, '0')` : c === 'customer_no' ? `'VT-' || g` : `o.${c}`,
      );
      await t.database.db.execute(
        sql.raw(`INSERT INTO orders (${cols.join(', ')}) SELECT ${values.join(', ')}
          FROM orders o, generate_series(1, 10050) g WHERE o.id = ${o.recId}`),
      );
      await t.database.db.execute(sql`ANALYZE orders`);
      const list = (body: object) => post(contract.order.list, 'admin', { pageSize: 20, ...body });
      for (const round of [1, 2]) {
        const all = (await list({})).body.data;
        expect([all.total, all.totalCapped, all.records.length], `round ${round}`).toEqual([
          10_000,
          true,
          20,
        ]);
        const few = (await list({ trackingNos: 'VT00000001\nVT00000002\nVT00000003' })).body.data;
        expect([few.total, few.totalCapped], `round ${round}`).toEqual([3, false]);
        const others = (await list({ customerId: customer.OTHER })).body.data;
        const counted = await q<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${customer.OTHER}`,
        );
        expect([others.total, others.totalCapped], `round ${round}`).toEqual([counted[0]!.n, false]);
        const past = (await list({ pageNo: 600 })).body.data;
        expect([past.total, past.totalCapped, past.records], `round ${round}`).toEqual([10_000, true, []]);
      }
    });
  });
});
