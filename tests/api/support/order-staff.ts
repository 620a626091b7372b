import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { exportsInFlight } from '../../../src/server/files/export.ts';
import { xlsxRows } from '../../../src/server/files/sheet.ts';
import type { EndpointDef } from '../../../src/shared/contract/core.ts';
import type { ExportTaskRecord } from '../../../src/shared/contract/export-task.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import type { DEMO } from './app.ts';
import { at, callRaw, callWith } from './call.ts';
import { CAP, T_SHIRT, useStaffOrders } from './order-body.ts';

type Who = keyof typeof DEMO;

/**
 * The staff-side order tests' app: the demo accounts logged in, region and customer ids by code,
 * orders made as staff and received, uploads, downloads and exports read back as worksheets.
 */
export function useOrderStaff() {
  const { t, tokens, region, customer, q, post, bodyFor, receive } = useStaffOrders();

  /** Input the entry's schema refuses, on purpose. */
  const postRaw = (entry: EndpointDef, who: Who, body: unknown = {}, lang = 'en') =>
    callRaw(t, entry, { token: tokens[who], body, lang });
  const get = <E extends EndpointDef>(entry: E, who: Who, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], lang });

  const orderBody = (customerCode: string, more: Record<string, unknown> = {}) => ({
    ...bodyFor(customerCode, [T_SHIRT, CAP]),
    ...more,
  });
  const create = async (customerCode = 'DEMO', more: Record<string, unknown> = {}) => {
    const r = await post(contract.order.create, 'admin', orderBody(customerCode, more));
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
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
