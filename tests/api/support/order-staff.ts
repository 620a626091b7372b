import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, expect } from 'vitest';
import { exportsInFlight } from '../../../src/server/files/export.ts';
import { xlsxRows } from '../../../src/server/files/sheet.ts';
import type { Body, EndpointDef } from '../../../src/shared/contract/core.ts';
import type { ExportTaskRecord } from '../../../src/shared/contract/export-task.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import { DEMO, useTestApp } from './app.ts';
import { at, callRaw, callWith } from './call.ts';
import { CAP, riyadhCodOrder, T_SHIRT } from './order-body.ts';

type Who = keyof typeof DEMO;

/**
 * The staff-side order tests' app: the demo accounts logged in, region and customer ids by code,
 * orders made as staff and received, uploads, downloads and exports read back as worksheets.
 */
export function useOrderStaff() {
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
    ...riyadhCodOrder(region, channelId, {
      customerId: customer[customerCode],
      // OTHER may not create COD orders.
      cod: customerCode !== 'OTHER',
      goods: [T_SHIRT, CAP],
    }),
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

  return {
    t,
    tokens,
    region,
    customer,
    q,
    post,
    postRaw,
    get,
    orderBody,
    create,
    receive,
    detail,
    upload,
    download,
    sheet,
    exported,
    column,
  };
}
