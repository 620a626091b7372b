import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportsInFlight } from '../../src/server/files/export.ts';
import { xlsxRows } from '../../src/server/files/sheet.ts';
import type { EndpointDef, Page } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { PromptImportDone, PromptRecord } from '../../src/shared/contract/prompt-record.ts';
import { InterceptState } from '../../src/shared/domain/order-rules.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { PromptKind } from '../../src/shared/domain/prompt-record.ts';
import { useTestApp } from './support/app.ts';
import { at, call, callRaw, rowErrors } from './support/call.ts';
import { confirmationHelpers, sheetTime, ZONE } from './support/confirmations.ts';

type RowErrors = { errorCount: number; errors: { row: number; column: string; message: string }[] };

const DELIVERY = ['*Tracking no', '*Sign time', 'Signed by', 'Remarks'];
const RETURN = ['*Tracking no', '*Return time', 'Return reason', 'Remarks'];
const HOUR = 3_600_000;
const api = contract.statement;
const exportFile = (id: number) => at(contract.exportTask.download, { id });

/**
 * Carriers' delivery and return confirmations: the templates, the imports (a good file signs or
 * returns each order with its event; a file with bad rows writes nothing and reports each; the same
 * file again is harmless), the lists with their filters, the log, the exports, and who may call.
 */
describe('prompt delivery and return records', () => {
  const t = useTestApp();
  const h = confirmationHelpers(t);
  const { tokens, q, post, upload, download } = h;
  const signedAt = new Date(Date.now() - 5 * HOUR);
  const returnedAt = new Date(Date.now() - 3 * HOUR);

  beforeAll(() => h.logIn());

  const statusOf = async (id: number) =>
    (
      await q<{ status: number; sign_status: number }>(
        sql`SELECT status, sign_status FROM orders WHERE id = ${id}`,
      )
    )[0]!;
  const eventsTo = async (id: number, status: number) =>
    q<{
      node: string;
      carrier_id: number | null;
      occurred_at: Date;
      description: string;
      is_public: boolean;
    }>(
      sql`SELECT node, carrier_id, occurred_at, description, is_public FROM order_events WHERE order_id = ${id} AND status = ${status}`,
    );
  const list = async (entry: EndpointDef, body: object, who: 'admin' | 'service' | 'finance' = 'service') => {
    const r = await callRaw(t, entry, { token: tokens[who], body, lang: 'en' });
    expect(r.status, r.raw).toBe(200);
    return r.body.data as Page<PromptRecord>;
  };

  it('offers both templates in the caller’s language', async () => {
    for (const [path, headers] of [
      [api.downloadDeliveryFile, DELIVERY],
      [api.downloadReturnFile, RETURN],
    ] as const) {
      const en = await download(path, 'service');
      expect(en.status, en.raw).toBe(200);
      expect(en.headers['content-disposition']).toContain('.xlsx');
      const rows: string[][] = [];
      for await (const r of xlsxRows(en.bytes)) rows.push(r.cells);
      expect(rows[0]).toEqual(headers);
      expect(rows[1]![0]).toBe('GL0001000001');
      const ar = await download(path, 'service', 'ar');
      const arRows: string[][] = [];
      for await (const r of xlsxRows(ar.bytes)) arRows.push(r.cells);
      expect(arRows[0]![0]).not.toBe(headers[0]);
      expect(arRows[0]![0]!.startsWith('*')).toBe(true);
    }
  });

  describe('delivery confirmations', () => {
    it('refuse a file with bad rows, reporting each, and write nothing', async () => {
      const [good] = await h.orders(1, OrderStatus.outForDelivery);
      const [cancelled] = await h.orders(1, OrderStatus.cancelled);
      const [received] = await h.orders(1, OrderStatus.received);
      const [signed] = await h.orders(1, OrderStatus.signed);
      const [returned] = await h.orders(1, OrderStatus.returned);
      const [held] = await h.orders(1, OrderStatus.inTransit);
      const [late] = await h.orders(1, OrderStatus.inTransit);
      await q(sql`UPDATE orders SET intercept_state = ${InterceptState.requested} WHERE id = ${held!.id}`);
      const future = new Date(Date.now() + 48 * HOUR);
      const rows = [
        DELIVERY,
        [good!.trackingNo, sheetTime(signedAt), 'Ahmed', ''],
        ['GL9999999999', sheetTime(signedAt), '', ''],
        [cancelled!.trackingNo, sheetTime(signedAt), '', ''],
        [received!.trackingNo, sheetTime(signedAt), '', ''],
        [signed!.trackingNo, sheetTime(signedAt), '', ''],
        [returned!.trackingNo, sheetTime(signedAt), '', ''],
        [held!.trackingNo, sheetTime(signedAt), '', ''],
        [late!.trackingNo, 'yesterday', '', ''],
        [late!.trackingNo.toLowerCase(), sheetTime(future), '', ''],
      ];
      const res = await upload(api.importPromptDelivery, 'service', rows);
      expect(res.status, res.raw).toBe(400);
      const data = res.body.data as unknown as RowErrors;
      const byRow = (row: number) =>
        data.errors.filter((e) => e.row === row).map((e) => `${e.column}: ${e.message}`);
      expect(byRow(2)).toEqual([]);
      expect(byRow(3)).toEqual(['Tracking no: No order has the tracking no GL9999999999']);
      expect(byRow(4)).toEqual([`Tracking no: Order ${cancelled!.trackingNo} is cancelled`]);
      expect(byRow(5)).toEqual([
        `Tracking no: Order ${received!.trackingNo} is not picked up by the carrier yet (Received)`,
      ]);
      expect(byRow(6)).toEqual([`Tracking no: Order ${signed!.trackingNo} is already signed for`]);
      expect(byRow(7)).toEqual([`Tracking no: Order ${returned!.trackingNo} is already returned`]);
      expect(byRow(8)[0]).toContain(`Order ${held!.trackingNo} is held by an interception`);
      expect(byRow(9)).toEqual(['Sign time: Enter a time as YYYY-MM-DD HH:mm']);
      expect(byRow(10)).toEqual([
        'Sign time: The time cannot be in the future',
        'Tracking no: Same as row 9',
      ]);
      expect((await statusOf(good!.id)).status).toBe(OrderStatus.outForDelivery);
      expect(await eventsTo(good!.id, OrderStatus.signed)).toEqual([]);
      const none = await list(api.promptDeliveryList, { trackingNos: good!.trackingNo });
      expect(none.total).toBe(0);

      const empty = await upload(api.importPromptDelivery, 'service', [
        DELIVERY,
        ['', sheetTime(signedAt), '', ''],
      ]);
      expect(rowErrors(empty)).toEqual([
        { row: 2, column: 'Tracking no', message: 'This cell cannot be empty' },
      ]);

      const cn = await upload(api.importPromptDelivery, 'service', rows, 'cn');
      const cnErrors = rowErrors(cn);
      expect(cnErrors.find((e) => e.row === 3)!.message).not.toContain('No order has');
      expect(cnErrors.find((e) => e.row === 3)!.message).toContain('GL9999999999');
    });

    it('sign each order with its event, and a second import of the same file is harmless', async () => {
      const orders = await h.orders(2, OrderStatus.outForDelivery);
      const [a, b] = orders as [(typeof orders)[0], (typeof orders)[0]];
      const carrierNo = (
        await q<{ no: string }>(sql`SELECT carrier_tracking_no AS no FROM orders WHERE id = ${b.id}`)
      )[0]!.no;
      expect(carrierNo).toBeTruthy();
      const rows = [
        DELIVERY,
        [a.trackingNo, sheetTime(signedAt), 'Ahmed', 'front desk'],
        [carrierNo, sheetTime(signedAt), '', ''],
      ];
      const res = await upload(api.importPromptDelivery, 'service', rows, 'en', 'SMSA-POD.xlsx');
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data).toMatchObject({ rowCount: 2, recorded: 2, alreadyRecorded: 0 });
      for (const o of [a, b]) {
        expect(await statusOf(o.id)).toEqual({ status: OrderStatus.signed, sign_status: 2 });
        const events = await eventsTo(o.id, OrderStatus.signed);
        expect(events).toHaveLength(1);
        expect(events[0]!.is_public).toBe(true);
        expect(Math.floor(new Date(events[0]!.occurred_at).getTime() / 60_000)).toBe(
          Math.floor(signedAt.getTime() / 60_000),
        );
        // The sign time is the order's statement date (logistics bills, COD collected).
        const [{ finished_at }] = (await q<{ finished_at: Date }>(
          sql`SELECT finished_at FROM orders WHERE id = ${o.id}`,
        )) as [{ finished_at: Date }];
        expect(new Date(finished_at).getTime()).toBe(new Date(events[0]!.occurred_at).getTime());
      }
      expect((await eventsTo(a.id, OrderStatus.signed))[0]!.description).toBe('Ahmed · front desk');
      const detail = await h.detail(a.id);
      expect(detail.status).toBe(OrderStatus.signed);
      expect(detail.events.some((e) => e.status === OrderStatus.signed && e.name.length > 0)).toBe(true);

      const page = await list(api.promptDeliveryList, {
        trackingNos: `${a.trackingNo}\n${carrierNo}`,
      });
      expect(page.total).toBe(2);
      const ra = page.records.find((r) => r.orderId === a.id)!;
      expect(ra).toMatchObject({
        kind: PromptKind.delivery,
        trackingNo: a.trackingNo,
        signer: 'Ahmed',
        remark: 'front desk',
        statusName: 'Signed',
        fileName: 'SMSA-POD.xlsx',
        importedBy: 'Sami Service',
        customerCode: 'DEMO',
      });

      const again = await upload(api.importPromptDelivery, 'service', rows, 'en', 'SMSA-POD.xlsx');
      expect(again.status, again.raw).toBe(200);
      expect(again.body.data).toMatchObject({ rowCount: 2, recorded: 0, alreadyRecorded: 2 });
      expect(await eventsTo(a.id, OrderStatus.signed)).toHaveLength(1);
      expect((await list(api.promptDeliveryList, { trackingNos: a.trackingNo })).total).toBe(1);

      // The same order with another sign time is a different confirmation: refused.
      const other = await upload(api.importPromptDelivery, 'service', [
        DELIVERY,
        [a.trackingNo, sheetTime(new Date(signedAt.getTime() - HOUR)), '', ''],
      ]);
      expect(other.status).toBe(400);
      expect(rowErrors(other)[0]!.message).toBe(`Order ${a.trackingNo} is already signed for`);

      const byImport = await list(api.promptDeliveryList, {
        importId: (res.body.data as unknown as PromptImportDone).importId,
      });
      expect(byImport.total).toBe(2);
    });

    it('export the records with the template’s columns first; the exported file imports again harmlessly', async () => {
      const [o] = await h.orders(1, OrderStatus.arrivedOverseas);
      const ok = await upload(api.importPromptDelivery, 'service', [
        DELIVERY,
        [o!.trackingNo, sheetTime(signedAt), 'Layla', ''],
      ]);
      expect(ok.status, ok.raw).toBe(200);
      const started = await post(api.promptDeliveryExport, 'service', {
        trackingNos: o!.trackingNo,
      });
      expect(started.status, started.raw).toBe(200);
      await exportsInFlight();
      const file = await download(exportFile(started.body.data.recId), 'service');
      expect(file.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
      const ws = wb.getWorksheet(1)!;
      // The time column names the business time zone its times are written in; the file imports again.
      expect((ws.getRow(1).values as unknown[]).slice(1, 5)).toEqual([
        'Tracking no',
        `Sign time (${ZONE})`,
        'Signed by',
        'Remarks',
      ]);
      expect(ws.rowCount).toBe(2);
      expect((ws.getRow(2).values as unknown[]).slice(1, 4)).toEqual([
        o!.trackingNo,
        `${sheetTime(signedAt)}:00`,
        'Layla',
      ]);
      const back = await h.uploadFile(api.importPromptDelivery, 'service', file.bytes, 'again.xlsx');
      expect(back.status, back.raw).toBe(200);
      expect(back.body.data).toMatchObject({ rowCount: 1, recorded: 0, alreadyRecorded: 1 });
    });
  });

  describe('return confirmations', () => {
    it('return orders with their event, filter the recalled ones, and refuse signed and unpicked orders', async () => {
      const [plain, recalled, signed, inLading] = [
        ...(await h.orders(2, OrderStatus.inTransit)),
        ...(await h.orders(1, OrderStatus.signed)),
        ...(await h.orders(1, OrderStatus.inLading)),
      ];
      await q(
        sql`UPDATE orders SET intercept_state = ${InterceptState.succeeded} WHERE id = ${recalled!.id}`,
      );
      const bad = await upload(api.importPromptReturn, 'service', [
        RETURN,
        [plain!.trackingNo, sheetTime(returnedAt), 'Refused by the consignee', ''],
        [signed!.trackingNo, sheetTime(returnedAt), '', ''],
        [inLading!.trackingNo, sheetTime(returnedAt), '', ''],
      ]);
      expect(bad.status).toBe(400);
      expect(rowErrors(bad).map((e) => e.row)).toEqual([3, 4]);
      expect((await statusOf(plain!.id)).status).toBe(OrderStatus.inTransit);

      const rows = [
        RETURN,
        [plain!.trackingNo, sheetTime(returnedAt), 'Refused by the consignee', ''],
        [recalled!.trackingNo, sheetTime(returnedAt), 'Recalled', 'customer asked'],
      ];
      const res = await upload(api.importPromptReturn, 'service', rows);
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data).toMatchObject({ recorded: 2, alreadyRecorded: 0 });
      for (const o of [plain!, recalled!]) {
        expect(await statusOf(o.id)).toEqual({ status: OrderStatus.returned, sign_status: 0 });
        const events = await eventsTo(o.id, OrderStatus.returned);
        expect(events).toHaveLength(1);
        const [{ finished_at }] = (await q<{ finished_at: Date }>(
          sql`SELECT finished_at FROM orders WHERE id = ${o.id}`,
        )) as [{ finished_at: Date }];
        expect(new Date(finished_at).getTime()).toBe(new Date(events[0]!.occurred_at).getTime());
      }
      const nos = `${plain!.trackingNo},${recalled!.trackingNo}`;
      expect((await list(api.promptReturnList, { trackingNos: nos })).total).toBe(2);
      const onlyRecalled = await list(api.promptReturnList, {
        trackingNos: nos,
        intercepted: true,
      });
      expect(onlyRecalled.records.map((r) => r.trackingNo)).toEqual([recalled!.trackingNo]);
      expect(onlyRecalled.records[0]).toMatchObject({ reason: 'Recalled', interceptName: 'Intercepted' });
      const notRecalled = await list(api.promptReturnList, {
        trackingNos: nos,
        intercepted: false,
      });
      expect(notRecalled.records.map((r) => r.trackingNo)).toEqual([plain!.trackingNo]);
      // Returns are not deliveries.
      expect((await list(api.promptDeliveryList, { trackingNos: nos })).total).toBe(0);

      const again = await upload(api.importPromptReturn, 'service', rows);
      expect(again.body.data).toMatchObject({ recorded: 0, alreadyRecorded: 2 });
      // A return of a returned order as a delivery: refused.
      const asDelivery = await upload(api.importPromptDelivery, 'service', [
        DELIVERY,
        [plain!.trackingNo, sheetTime(returnedAt), '', ''],
      ]);
      expect(rowErrors(asDelivery)[0]!.message).toBe(`Order ${plain!.trackingNo} is already returned`);
    });

    it('filters by time range and refuses one that ends before it starts', async () => {
      const page = await list(api.promptReturnList, {
        startTime: new Date(returnedAt.getTime() - 60_000).toISOString(),
        endTime: new Date(returnedAt.getTime() + 60_000).toISOString(),
      });
      expect(page.total).toBeGreaterThanOrEqual(2);
      const later = await list(api.promptReturnList, {
        startTime: new Date(Date.now() + HOUR).toISOString(),
      });
      expect(later.total).toBe(0);
      const wrong = await post(api.promptReturnList, 'service', {
        startTime: new Date().toISOString(),
        endTime: new Date(Date.now() - HOUR).toISOString(),
      });
      expect(wrong.status).toBe(400);
    });

    it('exports the return records', async () => {
      const started = await post(api.promptReturnExport, 'finance', {});
      expect(started.status, started.raw).toBe(200);
      await exportsInFlight();
      const file = await download(exportFile(started.body.data.recId), 'finance');
      const rows: string[][] = [];
      for await (const r of xlsxRows(file.bytes)) rows.push(r.cells);
      expect(rows[0]!.slice(0, 4)).toEqual([
        'Tracking no',
        `Return time (${ZONE})`,
        'Return reason',
        'Remarks',
      ]);
      expect(rows.length).toBeGreaterThanOrEqual(3);
    });
  });

  it('logs every import, refused ones too, with what it recorded', async () => {
    const r = await post(api.promptLogList, 'service', { pageSize: 100 });
    expect(r.status, r.raw).toBe(200);
    const logs = r.body.data.records;
    const refused = logs.filter((l) => l.status === 2);
    const imported = logs.filter((l) => l.status === 1);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused[0]).toMatchObject({ statusName: 'Refused', importedBy: 'Sami Service' });
    expect(refused.every((l) => l.errorCount > 0 && l.recorded === 0)).toBe(true);
    expect(
      imported.some((l) => l.fileName === 'SMSA-POD.xlsx' && l.recorded === 2 && l.kindName === 'Delivery'),
    ).toBe(true);
    expect(
      imported.some((l) => l.fileName === 'SMSA-POD.xlsx' && l.alreadyRecorded === 2 && l.recorded === 0),
    ).toBe(true);
    const returns = await post(api.promptLogList, 'service', {
      kind: PromptKind.return,
      status: 1,
    });
    expect(returns.body.data.records.every((l) => l.kind === PromptKind.return && l.status === 1)).toBe(true);
    expect(returns.body.data.total).toBeGreaterThanOrEqual(2);
  });

  it('lets staff with the permission in, and keeps operators, customers and the PDA out', async () => {
    const calls: [EndpointDef, 'POST' | 'GET'][] = [
      [api.promptDeliveryList, 'POST'],
      [api.promptReturnList, 'POST'],
      [api.promptLogList, 'POST'],
      [api.promptDeliveryExport, 'POST'],
      [api.promptReturnExport, 'POST'],
      [api.downloadDeliveryFile, 'GET'],
      [api.downloadReturnFile, 'GET'],
    ];
    for (const who of ['operator', 'demo', 'demoSub', 'other', 'pda'] as const) {
      for (const [path, method] of calls) {
        const r = await callRaw(t, path, {
          token: tokens[who],
          body: method === 'POST' ? {} : undefined,
        });
        expect(r.status, `${who} ${path.path}`).toBe(403);
      }
      for (const path of [api.importPromptDelivery, api.importPromptReturn]) {
        const r = await upload(path, who, [DELIVERY, ['GL0000000001', sheetTime(signedAt), '', '']]);
        expect(r.status, `${who} ${path.path}`).toBe(403);
      }
    }
    const anonymous = await call(t, api.promptDeliveryList, { body: {} });
    expect(anonymous.status).toBe(401);
    for (const who of ['admin', 'service', 'finance'] as const)
      expect((await post(api.promptLogList, who)).status, who).toBe(200);
  });
});
