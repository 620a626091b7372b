import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { xlsxRows } from '../../src/server/files/sheet.ts';
import type { Body } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { OrderNode } from '../../src/shared/domain/order-rules.ts';
import { zipBomb } from '../support/files.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callRaw, rowErrors } from './support/call.ts';
import {
  type Cells,
  goodsRow,
  HEADERS,
  KEYS,
  type Key,
  MUST,
  manyOrders,
  orderRow,
  sheet,
} from './support/order-sheets.ts';

describe('order import', () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  const customer: Record<string, number> = {};

  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);
  const orderCount = async (code: string) =>
    (
      await q<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.code = ${code}`,
      )
    )[0]!.n;

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as keyof typeof DEMO] = await t.login(u, p);
    for (const c of await q<{ id: number; code: string }>(sql`SELECT id, code FROM customers`))
      customer[c.code] = c.id;
  });

  const upload = (
    content: Buffer,
    opts: { name?: string; token?: string; lang?: string; customerId?: number | string } = {},
  ) => {
    const fields: Record<string, string> = {};
    if (opts.customerId !== undefined) fields.customerId = String(opts.customerId);
    const file = { name: opts.name ?? 'orders.xlsx', content };
    return call(t, contract.order.importOrder, {
      token: opts.token ?? tokens.demo,
      lang: opts.lang ?? 'en',
      file,
      fields,
    });
  };
  // A template name off the list on purpose (callRaw): `{ name: 'nothing' }`.
  const template = (lang: string, token = tokens.demo, query: Record<string, string> = { name: 'order' }) =>
    callRaw(t, contract.order.downloadFile, { token, lang, query });
  const cellsOf = async (buf: Buffer) => {
    const rows: string[][] = [];
    for await (const r of xlsxRows(buf)) rows.push(r.cells);
    return rows;
  };
  const logs = (body: Body<typeof contract.order.importLogList> = {}, token = tokens.demo) =>
    call(t, contract.order.importLogList, { token, body });
  const list = (body: Body<typeof contract.order.list>, token = tokens.demo) =>
    call(t, contract.order.list, { token, body, lang: 'en' });

  describe('the template', () => {
    it('has the headers the importer reads, in the caller language, the ones to fill starred', async () => {
      const en = await template('en');
      expect(en.status, en.raw).toBe(200);
      expect(en.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('Order import template.xlsx')}`,
      );
      const rows = await cellsOf(en.bytes);
      expect(rows[0]).toEqual(KEYS.map((k) => `${MUST.has(k) ? '*' : ''}${HEADERS[k]}`));
      expect(rows.slice(1).map((r) => r[0])).toEqual(['EXAMPLE-1001', 'EXAMPLE-1001', 'EXAMPLE-1002']);

      const cn = await cellsOf((await template('cn', tokens.admin, {})).bytes);
      expect(cn[0]![0]).toBe('*客户单号');
      expect(cn[0]).toHaveLength(KEYS.length);
      const ar = await cellsOf((await template('ar')).bytes);
      expect(ar[0]![0]).not.toBe(cn[0]![0]);

      const unknown = await template('en', tokens.demo, { name: 'nothing' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.msg).toBe('No template has this name');
    });

    it('imports as it comes: its example rows are two orders, one with two goods lines', async () => {
      const file = (await template('en')).bytes;
      const res = await upload(file, { name: 'template.xlsx' });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data).toMatchObject({ rowCount: 3, orderCount: 2, sensitiveCount: 0 });
      const found = await list({ customerNos: 'EXAMPLE-1001, EXAMPLE-1002' });
      expect(
        found.body.data.records.map((o) => [o.customerNo, o.countryCode, o.channelCode, o.isCod]),
      ).toEqual(
        expect.arrayContaining([
          ['EXAMPLE-1001', 'SA', 'CN-SA-AIR-COD', true],
          ['EXAMPLE-1002', 'AE', 'CN-AE-AIR', false],
        ]),
      );
      const first = found.body.data.records.find((o) => o.customerNo === 'EXAMPLE-1001')!;
      const detail = await call(t, contract.order.getOrderDetail, {
        params: { id: first.recId },
        token: tokens.demo,
        lang: 'en',
      });
      expect(detail.body.data).toMatchObject({
        codAmount: '199.00',
        codCurrency: 'SAR',
        declaredWeight: '1.200',
        volumeWeight: '1.000',
        packingType: 3,
      });
      expect(detail.body.data.consignee).toMatchObject({
        province: 'Riyadh Province',
        city: 'Riyadh',
        district: 'Al Olaya',
      });
      expect(detail.body.data.goods.map((g) => [g.lineNo, g.nameEn, g.quantity, g.unitPrice])).toEqual([
        [1, 'T-shirt', 2, '9.90'],
        [2, 'Phone case', 1, '3.50'],
      ]);
      expect(detail.body.data.remarks.map((r) => r.content)).toEqual(['Call before delivery']);
      expect(detail.body.data.sender.name).toBe('Li Wei');
      expect(detail.body.data.events.map((e) => e.node)).toEqual([OrderNode.created]);
    });

    it('reads a file with the Chinese headers and region names', async () => {
      const cn = (await cellsOf((await template('cn')).bytes))[0]!;
      const headers = Object.fromEntries(KEYS.map((k, i) => [k, cn[i]!])) as Record<Key, string>;
      const file = await sheet(
        [orderRow('CN-0001', { country: '沙特阿拉伯', province: '利雅得省', city: '利雅得', district: '' })],
        headers,
      );
      const res = await upload(file, { lang: 'cn' });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.orderCount).toBe(1);
    });
  });

  describe('a good file', () => {
    it('writes every order with its goods, event and sensitive-word marks, and logs the import', async () => {
      const before = await orderCount('DEMO');
      const rows = manyOrders('GOOD', 50);
      rows[3] = { ...rows[3]!, nameEn: 'Power bank 10000mAh', nameCn: '充电宝' };
      rows[6] = {
        ...rows[6]!,
        country: 'sa',
        province: 'RI',
        city: 'sa-ri-ruh',
        district: 'العليا',
        cod: 'N',
      };
      const res = await upload(await sheet(rows), { name: '订单 50.xlsx' });
      expect(res.status, res.raw).toBe(200);
      const result = res.body.data;
      expect(result).toMatchObject({ rowCount: 67, orderCount: 50, sensitiveCount: 1 });
      expect(await orderCount('DEMO')).toBe(before + 50);

      const goods = await q<{ n: number; events: number }>(sql`
        SELECT (SELECT count(*)::int FROM order_goods g JOIN orders o ON o.id = g.order_id WHERE o.customer_no LIKE 'GOOD-%') AS n,
               (SELECT count(*)::int FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.customer_no LIKE 'GOOD-%') AS events`);
      expect(goods[0]).toEqual({ n: 67, events: 50 });

      const flagged = await list({ customerNos: rows[3]!.customerNo });
      expect(flagged.body.data.records[0]!.abnormalKinds).toEqual([5]);
      const plain = await list({ customerNos: rows[6]!.customerNo });
      expect(plain.body.data.records[0]).toMatchObject({
        isCod: false,
        codAmount: '0.00',
        payment: 0,
        city: 'Riyadh',
      });

      const log = (await logs({ pageSize: 1 })).body.data.records[0]!;
      expect(log).toMatchObject({
        recId: result.importId,
        fileName: '订单 50.xlsx',
        customerCode: 'DEMO',
        importedBy: 'Demo Trading',
        rowCount: 67,
        orderCount: 50,
        errorCount: 0,
        status: 1,
        pushStatus: 0,
        pushedAt: null,
      });
    });
  });

  describe('a file with bad rows', () => {
    it('writes nothing and reports the two bad rows of 50 orders', async () => {
      const before = await orderCount('DEMO');
      const rows = manyOrders('HALF', 50);
      rows[10] = { ...rows[10]!, nameEn: '' };
      rows[40] = { ...rows[40]!, weight: 'heavy' };
      const res = await upload(await sheet(rows));
      expect(res.status).toBe(400);
      const body = res.body as unknown as {
        msg: string;
        data: { rowCount: number; errorCount: number; errors: ReturnType<typeof rowErrors> };
      };
      expect(body.msg).toBe(
        '2 rows are not valid; nothing was imported. Fix them and import the file again.',
      );
      expect(body.data.errors).toEqual([
        { row: 12, column: 'Goods name (English)', message: 'English goods name cannot be empty' },
        { row: 42, column: 'Weight (kg)', message: 'Enter a correct number' },
      ]);
      expect(await orderCount('DEMO')).toBe(before);

      const refused = (await logs({ status: 2, pageSize: 1 })).body.data.records[0]!;
      expect(refused).toMatchObject({ rowCount: 67, orderCount: 50, errorCount: 2, status: 2 });
    });

    it('reports each rule of order entry with the row, the column and the reason in the caller language', async () => {
      const rows: Cells[] = [
        orderRow('BAD-01', { channel: 'NO-SUCH' }),
        orderRow('BAD-02', { country: 'Atlantis' }),
        orderRow('BAD-03', { province: 'Dubai' }),
        orderRow('BAD-04', { city: '', district: '' }),
        orderRow('BAD-05', { consigneePhone: 'call me', quantity: '1.5', currency: 'dollars', hsCode: '12' }),
        goodsRow('BAD-05', { consigneeName: 'Someone else' }),
        orderRow('BAD-06', { cod: 'maybe', packingType: 'crate', consigneeEmail: 'not-mail' }),
        orderRow('BAD-07', { codAmount: '', channel: 'CN-AE-AIR' }),
        orderRow('GOOD-001'),
        orderRow('BAD 08', { consigneeName: '', address: '' }),
        { customerNo: '', nameEn: 'Orphan line', quantity: '1', unitPrice: '1' },
        orderRow('BAD-09', { quantity: '', unitPrice: '' }),
      ];
      const res = await upload(await sheet(rows));
      expect(res.status).toBe(400);
      const errors = rowErrors(res);
      expect(errors).toEqual([
        {
          row: 2,
          column: 'Shipping channel code',
          message: 'No enabled shipping channel has the code NO-SUCH',
        },
        { row: 3, column: 'Country', message: 'No country Atlantis in the region list' },
        { row: 4, column: 'Province', message: 'No region Dubai under Saudi Arabia in the region list' },
        {
          row: 5,
          column: 'City',
          message: 'Give the region under Riyadh Province: the address goes down to the city at least',
        },
        { row: 6, column: 'Consignee phone', message: 'Enter a correct phone number' },
        { row: 6, column: 'Quantity', message: 'Enter a correct number' },
        { row: 6, column: 'Currency', message: 'Choose a currency' },
        { row: 6, column: 'HS code', message: 'An HS code has 6 to 13 digits' },
        {
          row: 7,
          column: 'Consignee name',
          message: 'Differs from row 6 of the same order: leave it empty or repeat the same value',
        },
        { row: 8, column: 'COD', message: 'Enter Y (yes) or N (no)' },
        { row: 8, column: 'Packing type', message: 'Enter 1 (envelope), 2 (pack bag) or 3 (own packaging)' },
        { row: 8, column: 'Consignee e-mail', message: 'Enter a correct e-mail address' },
        { row: 9, column: 'COD amount', message: 'Enter a correct number' },
        {
          row: 9,
          column: 'Shipping channel code',
          message: 'This shipping channel does not deliver to Saudi Arabia',
        },
        { row: 10, column: 'Customer order no', message: 'Customer order no GOOD-001 already exists' },
        { row: 11, column: 'Consignee name', message: 'This cell cannot be empty' },
        { row: 11, column: 'Address', message: 'This cell cannot be empty' },
        {
          row: 11,
          column: 'Customer order no',
          message: 'Use up to 50 letters, digits, hyphens or underscores',
        },
        { row: 12, column: 'Customer order no', message: 'This cell cannot be empty' },
        { row: 13, column: 'Quantity', message: 'This cell cannot be empty' },
        { row: 13, column: 'Unit price', message: 'This cell cannot be empty' },
      ]);
    });
  });

  describe('files that are not order sheets', () => {
    it('refuses a renamed non-xlsx and a zip bomb, writing nothing', async () => {
      const before = await orderCount('DEMO');
      const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
      const renamed = await upload(png, { name: 'orders.xlsx' });
      expect(renamed.status).toBe(400);
      expect(renamed.body.msg).toBe('The file is not an Excel (.xlsx) or CSV file');

      const rss = process.memoryUsage().rss;
      const bomb = await upload(await zipBomb(300), { name: 'bomb.xlsx' });
      expect(bomb.status).toBe(413);
      expect(bomb.body.msg).toBe('The file is damaged or too large once unpacked, and was not read');
      expect(process.memoryUsage().rss - rss).toBeLessThan(200 * 1024 * 1024);

      const noColumns = await upload(Buffer.from('a,b\r\n1,2\r\n'), { name: 'x.csv' });
      expect(noColumns.status).toBe(400);
      expect(await orderCount('DEMO')).toBe(before);
    });
  });

  describe('who imports for whom', () => {
    it('staff name the customer; customers cannot name another; PDA and staff without the key are refused', async () => {
      const file = await sheet([orderRow('STAFF-1', { channel: 'CN-SA-AIR-COD', cod: 'N' })]);
      const none = await upload(file, { token: tokens.admin });
      expect(none.status).toBe(400);
      expect(none.body.msg).toBe('Choose the customer');
      expect((await upload(file, { token: tokens.admin, customerId: 999999 })).status).toBe(400);

      const before = await orderCount('OTHER');
      const forOther = await upload(file, {
        token: tokens.admin,
        customerId: customer.OTHER!,
        name: 'staff.xlsx',
      });
      expect(forOther.status, forOther.raw).toBe(200);
      expect(await orderCount('OTHER')).toBe(before + 1);

      const foreign = await upload(file, { token: tokens.demo, customerId: customer.OTHER! });
      expect(foreign.status).toBe(404);
      const own = await upload(await sheet([orderRow('SUB-1')]), {
        token: tokens.demoSub,
        customerId: customer.DEMO!,
      });
      expect(own.status, own.raw).toBe(200);

      for (const who of ['pda', 'finance'] as const) {
        expect((await upload(file, { token: tokens[who], customerId: customer.DEMO! })).status, who).toBe(
          403,
        );
        expect((await template('en', tokens[who])).status, who).toBe(403);
      }
      expect((await logs({}, tokens.pda)).status).toBe(403);
    });

    it('customers only ever see their own customer’s imports', async () => {
      const otherFile = await sheet([orderRow('OTH-1', { channel: 'CN-SA-AIR-COD', cod: 'N' })]);
      expect((await upload(otherFile, { token: tokens.other, name: 'other-own.xlsx' })).status).toBe(200);

      for (const who of ['demo', 'demoSub'] as const) {
        const mine = await logs({ pageSize: 100 }, tokens[who]);
        expect(mine.status).toBe(200);
        expect(mine.body.data.total).toBeGreaterThan(0);
        expect(
          mine.body.data.records.every((l) => l.customerCode === 'DEMO'),
          who,
        ).toBe(true);
        const asked = await logs({ customerId: customer.OTHER, pageSize: 100 }, tokens[who]);
        expect(
          asked.body.data.records.every((l) => l.customerCode === 'DEMO'),
          who,
        ).toBe(true);
      }
      const sub = await logs({ pageSize: 100 }, tokens.demoSub);
      expect(sub.body.data.records.map((l) => l.importedBy)).toEqual(
        expect.arrayContaining(['Demo Trading', expect.any(String)]),
      );
      const other = await logs({ pageSize: 100 }, tokens.other);
      expect(other.body.data.records.map((l) => l.fileName).sort()).toEqual(['other-own.xlsx', 'staff.xlsx']);

      const staff = await logs({ customerId: customer.OTHER, pageSize: 100 }, tokens.admin);
      expect(staff.body.data.records.every((l) => l.customerCode === 'OTHER')).toBe(true);
      const all = await logs({ pageSize: 100 }, tokens.admin);
      expect(new Set(all.body.data.records.map((l) => l.customerCode))).toEqual(new Set(['DEMO', 'OTHER']));
    });

    it('staff import for a customer only with the channels assigned to it, as customers do', async () => {
      const before = await orderCount('OTHER');
      const file = await sheet([
        orderRow('STAFF-CH-1', { channel: 'CN-SA-AIR-COD', cod: 'N' }),
        orderRow('STAFF-CH-2', { channel: 'EG-LOCAL', cod: 'N' }),
      ]);
      for (const token of [tokens.admin, tokens.other]) {
        const res = await upload(file, { token, customerId: customer.OTHER! });
        expect(res.status).toBe(400);
        expect(rowErrors(res)).toEqual([
          {
            row: 3,
            column: 'Shipping channel code',
            message: 'This shipping channel is not available to the customer',
          },
        ]);
      }
      expect(await orderCount('OTHER')).toBe(before);
    });
  });
});
