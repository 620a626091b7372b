import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/free-port.ts';
import { PRINT_ZPL } from '../../src/server/printing/print-job.ts';
import type { Body, Data, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { PrintStatus } from '../../src/shared/contract/printer.ts';
import { fakePrinter } from '../support/fake-printer.ts';
import { pdfBarcodes } from '../support/pdf-barcodes.ts';
import { readCode128, renderZpl } from '../support/zpl-render.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { at, callRaw, callWith } from './support/call.ts';
import { idsByCode, makeOrders } from './support/movement.ts';

describe("batches' summary labels (batch/printLabel, batch/printToPrinter)", () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  const closers: (() => Promise<void>)[] = [];
  let made: Data<typeof contract.batch.create>;
  const post = <E extends EndpointDef>(entry: E, who: keyof typeof DEMO, body = {} as Body<E>) =>
    callWith(t, entry, { token: tokens[who], body, lang: 'en' });
  /** Input the entry's schema refuses, on purpose. */
  const bad = (entry: EndpointDef, who: keyof typeof DEMO, body: unknown) =>
    callRaw(t, entry, { token: tokens[who], body, lang: 'en' });

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as keyof typeof DEMO] = await t.login(u, p);
    const channel = await idsByCode(t, 'shipping_channels');
    const bills: number[] = [];
    for (let i = 0; i < 2; i++) {
      const bill = (await post(contract.lading.create, 'operator', { channelId: channel['CN-SA-AIR-COD']! }))
        .body.data;
      for (const o of await makeOrders(t, tokens, 1))
        expect(
          (
            await post(at(contract.lading.scanTrackingNo, { id: bill.recId }), 'pda', {
              trackingNo: o.trackingNo,
            })
          ).status,
        ).toBe(200);
      expect((await post(contract.lading.confirm, 'pda', { ids: [bill.recId] })).status).toBe(200);
      expect((await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda')).status).toBe(200);
      bills.push(bill.recId);
    }
    const r = await post(contract.batch.create, 'operator', {
      airlineBillNo: '999-12345675',
      charged: false,
      mixed: '1',
      departurePort: 'PVG',
      destinationPort: 'RUH',
      ladingIds: bills,
    });
    expect(r.status, r.raw).toBe(200);
    made = r.body.data;
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('answers the label as a PDF and as ZPL, with the bills and counts, scanning to the batch no', async () => {
    const pdf = await post(contract.batch.printLabel, 'operator', { ids: [made.recId] });
    expect(pdf.status, pdf.raw).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(await pdfBarcodes(new Uint8Array(pdf.bytes), 0)).toEqual([made.batchNo]);

    const zpl = await post(contract.batch.printLabel, 'operator', { ids: [made.recId], format: 'zpl' });
    expect(zpl.status, zpl.raw).toBe(200);
    expect(zpl.raw).toMatch(/^\^XA\^CI28\^PW799\^LL1199/);
    for (const v of [made.batchNo, 'PVG - RUH', '999-12345675', ...made.ladings.map((l) => l.no)])
      expect(zpl.raw).toContain(`^FD${v}^FS`);
    const [png] = await renderZpl(zpl.raw, 203);
    expect(await readCode128(png!)).toEqual([made.batchNo]);
  });

  it('prints the label on a network printer once', async () => {
    const port = await freePort();
    const printer = await fakePrinter(port);
    closers.push(printer.close);
    const saved = await post(contract.printer.save, 'admin', {
      name: 'Stand-in for batches',
      host: '127.0.0.1',
      port,
    });
    const r = await post(contract.batch.printToPrinter, 'operator', {
      ids: [made.recId],
      printerId: saved.body.data.recId,
    });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data).toMatchObject({
      kind: 'batchLabel',
      subject: made.batchNo,
      status: PrintStatus.queued,
    });
    expect(await t.jobs.drain([PRINT_ZPL])).toBe(1);
    expect(printer.received).toHaveLength(1);
    expect(printer.received[0]).toContain(`^FD${made.batchNo}^FS`);
  });

  it('refuses customers and the PDA, bad input and batches that do not exist', async () => {
    for (const who of ['demo', 'pda'] as const)
      for (const entry of [contract.batch.printLabel, contract.batch.printToPrinter])
        expect((await post(entry, who, { ids: [made.recId] })).status, `${who} ${entry.path}`).toBe(403);
    expect((await bad(contract.batch.printLabel, 'operator', { ids: [] })).status).toBe(400);
    expect((await bad(contract.batch.printLabel, 'operator', { ids: [made.recId], dpi: 600 })).status).toBe(
      400,
    );
    expect((await post(contract.batch.printLabel, 'operator', { ids: [2_000_000_000] })).status).toBe(404);
    expect((await post(contract.batch.printToPrinter, 'operator', { ids: [2_000_000_000] })).status).toBe(
      404,
    );
  });
});
