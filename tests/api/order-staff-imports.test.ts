import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { AbnormalKind } from '../../src/shared/domain/order-rules.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { xlsxOf, zipBomb } from '../support/files.ts';
import { call, callRaw, rowErrors } from './support/call.ts';
import { useOrderStaff } from './support/order-staff.ts';

/**
 * The staff side of orders: the checked-weight and clearance imports and their templates. Orders
 * are made through order/create as staff, received through the receiving scan
 * (support/order-staff.ts).
 */
describe('orders, staff side', () => {
  const { t, tokens, q, post, create, receive, detail, upload, download, sheet } = useOrderStaff();

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
});
