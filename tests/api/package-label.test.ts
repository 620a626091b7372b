import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/free-port.ts';
import { PRINT_ZPL } from '../../src/server/printing/print-job.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { PackageDetail } from '../../src/shared/contract/package.ts';
import { PrintStatus } from '../../src/shared/contract/printer.ts';
import { fakePrinter } from '../support/fake-printer.ts';
import { pdfBarcodes } from '../support/pdf-barcodes.ts';
import { readCode128, renderZpl } from '../support/zpl-render.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { callRaw, callWith } from './support/call.ts';
import { makeOrders } from './support/movement.ts';

describe("packages' labels (package/printLabel, package/printToPrinter)", () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  const closers: (() => Promise<void>)[] = [];
  let merged: PackageDetail;
  const post = <E extends EndpointDef>(entry: E, who: keyof typeof DEMO, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  /** Input the entry's schema refuses, on purpose. */
  const bad = (entry: EndpointDef, who: keyof typeof DEMO, body: unknown) =>
    callRaw(t, entry, { token: tokens[who], body, lang: 'en' });

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as keyof typeof DEMO] = await t.login(u, p);
    // Two parcels of one consignee merged on the PDA.
    const consignee = { name: 'محمد العلي', address: 'شارع الملك فهد 12' };
    const orders = await makeOrders(t, tokens, 2, { consignee });
    const made = await post(contract.package.create, 'pda', {
      trackingNos: orders.map((o) => o.trackingNo).join('\n'),
    });
    expect(made.status, made.raw).toBe(200);
    merged = made.body.data;
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('answers the labels as a PDF and as ZPL on the asked size, each scanning to the package no', async () => {
    const pdf = await post(contract.package.printLabel, 'operator', { ids: [merged.recId] });
    expect(pdf.status, pdf.raw).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain('.pdf');
    expect(await pdfBarcodes(new Uint8Array(pdf.bytes), 0)).toEqual([merged.no]);

    const zpl = await post(contract.package.printLabel, 'operator', {
      ids: [merged.recId],
      format: 'zpl',
      dpi: 300,
      labelSize: '100x100',
    });
    expect(zpl.status, zpl.raw).toBe(200);
    expect(zpl.headers['content-type']).toContain('application/vnd.zebra.zpl');
    expect(zpl.raw).toMatch(/^\^XA\^CI28\^PW1181\^LL1181/);
    expect(zpl.raw).toContain(`^FD${merged.no}^FS`);
    expect(zpl.raw).toContain('^FDOrders^FS');
    expect(zpl.raw).toContain('^FD2^FS');
    expect(zpl.raw).not.toMatch(/[\u0600-\u06FF]/u);
    const [png] = await renderZpl(zpl.raw, 300, 100, 100);
    expect(await readCode128(png!)).toEqual([merged.no]);
  });

  it('prints the label from the PDA right after the merge, to the chosen printer, once', async () => {
    const port = await freePort();
    const printer = await fakePrinter(port);
    closers.push(printer.close);
    const saved = await post(contract.printer.save, 'admin', {
      name: 'Stand-in for packages',
      host: '127.0.0.1',
      port,
    });
    expect(saved.status, saved.raw).toBe(200);
    const r = await post(contract.package.printToPrinter, 'pda', {
      ids: [merged.recId],
      printerId: saved.body.data.recId,
    });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data).toMatchObject({
      kind: 'packageLabel',
      subject: merged.no,
      labels: 1,
      status: PrintStatus.queued,
      createdBy: 'pda',
    });
    expect(await t.jobs.drain([PRINT_ZPL])).toBe(1);
    expect(printer.received).toHaveLength(1);
    expect(printer.received[0]!.match(/\^XA[\s\S]*?\^XZ/g)).toHaveLength(1);
    expect(printer.received[0]).toContain(`^FD${merged.no}^FS`);
    const kinds = await post(contract.printer.prints, 'operator', {
      kind: 'packageLabel',
    });
    expect(kinds.body.data.records.map((p) => p.recId)).toContain(r.body.data.recId);
  });

  it('refuses customers, bad input and packages that do not exist', async () => {
    for (const entry of [contract.package.printLabel, contract.package.printToPrinter])
      expect((await post(entry, 'demo', { ids: [merged.recId] })).status, entry.path).toBe(403);
    expect((await bad(contract.package.printLabel, 'operator', { ids: [] })).status).toBe(400);
    expect(
      (await bad(contract.package.printLabel, 'operator', { ids: [merged.recId], format: 'png' })).status,
    ).toBe(400);
    expect(
      (await bad(contract.package.printLabel, 'operator', { ids: [merged.recId], labelSize: '10x10' }))
        .status,
    ).toBe(400);
    const tooMany = Array.from({ length: 51 }, (_, i) => i + 1);
    expect((await bad(contract.package.printToPrinter, 'pda', { ids: tooMany })).status).toBe(400);
    const missing = await post(contract.package.printLabel, 'operator', { ids: [2_000_000_000] }, 'ar');
    expect(missing.status, missing.raw).toBe(404);
    expect((await post(contract.package.printToPrinter, 'pda', { ids: [2_000_000_000] })).status).toBe(404);
  });
});
