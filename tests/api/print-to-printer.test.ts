import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/free-port.ts';
import { PRINT_ZPL } from '../../src/server/printing/print-job.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { PrintStatus } from '../../src/shared/contract/printer.ts';
import { fakePrinter } from '../support/fake-printer.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { at, call, callRaw, callWith } from './support/call.ts';
import { idsByCode, makeOrders } from './support/movement.ts';

describe('print to a network printer (printer/printOrderLabels, the print-zpl job)', () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  let order: { id: number; tracking_no: string };
  const closers: (() => Promise<void>)[] = [];
  const post = <E extends EndpointDef>(entry: E, who: keyof typeof DEMO, body = {} as Body<E>) =>
    callWith(t, entry, { token: tokens[who], body, lang: 'en' });
  /** Input the entry's schema refuses, on purpose. */
  const postRaw = (entry: EndpointDef, who: keyof typeof DEMO, body: unknown) =>
    callRaw(t, entry, { token: tokens[who], body, lang: 'en' });
  const printerAt = async (name: string, port: number) => {
    const r = await post(contract.printer.save, 'admin', { name, host: '127.0.0.1', port });
    expect(r.status, r.raw).toBe(200);
    return r.body.data.recId;
  };
  const printOf = async (id: number) =>
    (await post(contract.printer.myPrints, 'operator', { ids: [id] })).body.data[0]!;
  const retryNow = () =>
    t.database.db.execute(
      sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${PRINT_ZPL} AND state = 'retry'`,
    );

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as keyof typeof DEMO] = await t.login(u, p);
    [order] = (
      await t.database.db.execute<{ id: number; tracking_no: string }>(
        sql`SELECT id, tracking_no FROM orders ORDER BY id LIMIT 1`,
      )
    ).rows as [{ id: number; tracking_no: string }];
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('sends the labels once to the printer that is on', async () => {
    const port = await freePort();
    const printer = await fakePrinter(port);
    closers.push(printer.close);
    const printerId = await printerAt('Stand-in on', port);
    const r = await post(contract.printer.printOrderLabels, 'operator', {
      ids: [order.id],
      printerId,
    });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data).toMatchObject({
      printerId,
      printerName: 'Stand-in on',
      address: `127.0.0.1:${port}`,
      kind: 'orderLabel',
      subject: order.tracking_no,
      labels: 1,
      status: PrintStatus.queued,
      attempts: 0,
      createdBy: 'operator',
    });
    expect(r.body.data.bytes).toBeGreaterThan(500);
    expect(await t.jobs.drain([PRINT_ZPL])).toBe(1);
    expect(printer.received).toHaveLength(1);
    expect(printer.received[0]).toMatch(/^\^XA\^CI28\^PW799\^LL1199/);
    expect(printer.received[0]).toContain(`^FD${order.tracking_no}^FS`);
    expect(Buffer.byteLength(printer.received[0]!)).toBe(r.body.data.bytes);
    const sent = await printOf(r.body.data.recId);
    expect(sent).toMatchObject({ status: PrintStatus.sent, attempts: 1, error: '' });
    expect(sent.sentAt).not.toBeNull();
    // Nothing is sent twice.
    expect(await t.jobs.drain([PRINT_ZPL])).toBe(0);
    expect(printer.received).toHaveLength(1);
  });

  it("lays the labels out on the printer's label size and resolution", async () => {
    const port = await freePort();
    const printer = await fakePrinter(port);
    closers.push(printer.close);
    const saved = await post(contract.printer.save, 'admin', {
      name: 'Stand-in 100x100',
      host: '127.0.0.1',
      port,
      dpi: 300,
      labelSize: '100x100',
    });
    expect(saved.status, saved.raw).toBe(200);
    const r = await post(contract.printer.printOrderLabels, 'operator', {
      ids: [order.id],
      printerId: saved.body.data.recId,
    });
    expect(r.status, r.raw).toBe(200);
    expect(await t.jobs.drain([PRINT_ZPL])).toBe(1);
    expect(printer.received[0]).toMatch(/^\^XA\^CI28\^PW1181\^LL1181/);
    // "Download .zpl" takes the size too.
    const file = await post(contract.order.printLabelZpl, 'operator', {
      ids: [order.id],
      dpi: 203,
      labelSize: '100x100',
    });
    expect(file.status, file.raw).toBe(200);
    expect(file.raw).toMatch(/^\^XA\^CI28\^PW799\^LL799/);
    expect(
      (await postRaw(contract.order.printLabelZpl, 'operator', { ids: [order.id], labelSize: '10x10' }))
        .status,
    ).toBe(400);
  });

  it('retries while the printer is off and prints once it is back', async () => {
    const port = await freePort();
    const printerId = await printerAt('Stand-in off', port);
    const r = await post(contract.printer.printOrderLabels, 'operator', {
      ids: [order.id],
      printerId,
    });
    expect(r.status, r.raw).toBe(200);
    expect(await t.jobs.drain([PRINT_ZPL])).toBe(1);
    const waiting = await printOf(r.body.data.recId);
    expect(waiting).toMatchObject({ status: PrintStatus.queued, attempts: 1 });
    expect(waiting.error).toContain('refused');
    // The retry waits for its backoff: nothing runs before it.
    expect(await t.jobs.drain([PRINT_ZPL])).toBe(0);
    const printer = await fakePrinter(port);
    closers.push(printer.close);
    await retryNow();
    expect(await t.jobs.drain([PRINT_ZPL])).toBe(1);
    expect(printer.received).toHaveLength(1);
    expect(printer.received[0]).toContain(`^FD${order.tracking_no}^FS`);
    expect(await printOf(r.body.data.recId)).toMatchObject({
      status: PrintStatus.sent,
      attempts: 2,
      error: '',
    });
  });

  it('lists prints for the Prints screen, and sends a failed one again to the corrected address', async () => {
    const port = await freePort();
    const printerId = await printerAt('Stand-in moved', port + 1 === 65536 ? port - 1 : port + 1);
    const r = await post(contract.printer.printOrderLabels, 'admin', {
      ids: [order.id],
      printerId,
    });
    expect(r.status, r.raw).toBe(200);
    const id = r.body.data.recId;
    expect(await t.jobs.drain([PRINT_ZPL])).toBe(1);
    // Still queued (retried by itself): sending it by hand is refused, in the caller's language.
    const early = await call(t, contract.printer.retryPrint, {
      token: tokens.operator,
      body: { recId: id },
      lang: 'cn',
    });
    expect(early.status, early.raw).toBe(409);
    expect(early.body.msg).toMatch(/[\u4e00-\u9fff]/);
    // Its last attempt fails too: the print has failed.
    await t.database.db.execute(
      sql`UPDATE pgboss.job SET start_after = now(), retry_count = retry_limit WHERE name = ${PRINT_ZPL} AND state = 'retry'`,
    );
    expect(await t.jobs.drain([PRINT_ZPL])).toBe(1);
    const list = await post(contract.printer.prints, 'operator', {
      status: PrintStatus.failed,
      kind: 'orderLabel',
      trackingNo: order.tracking_no.slice(2, 9),
    });
    expect(list.status, list.raw).toBe(200);
    const failed = list.body.data.records.find((p) => p.recId === id);
    expect(failed).toMatchObject({ status: PrintStatus.failed, createdBy: 'admin', printerId });
    expect(failed?.error).toContain('refused');
    expect(
      (await post(contract.printer.prints, 'operator', { trackingNo: 'NO-SUCH-NO' })).body.data.total,
    ).toBe(0);
    // The operator did not make it: it is not among their own prints.
    expect((await post(contract.printer.myPrints, 'operator', { ids: [id] })).body.data).toEqual([]);

    // The printer's address is corrected, and the print goes again, once, to where it is now.
    const printer = await fakePrinter(port);
    closers.push(printer.close);
    const moved = await post(contract.printer.save, 'admin', {
      recId: printerId,
      name: 'Stand-in moved',
      host: '127.0.0.1',
      port,
    });
    expect(moved.status, moved.raw).toBe(200);
    const again = await post(contract.printer.retryPrint, 'operator', { recId: id });
    expect(again.status, again.raw).toBe(200);
    expect(again.body.data).toMatchObject({
      status: PrintStatus.queued,
      attempts: 0,
      error: '',
      address: `127.0.0.1:${port}`,
    });
    expect((await post(contract.printer.retryPrint, 'operator', { recId: id })).status).toBe(409);
    expect(await t.jobs.drain([PRINT_ZPL])).toBe(1);
    expect(printer.received).toHaveLength(1);
    expect(printer.received[0]).toContain(`^FD${order.tracking_no}^FS`);
    const [sent] = (await post(contract.printer.myPrints, 'admin', { ids: [id] })).body.data;
    expect(sent).toMatchObject({ status: PrintStatus.sent, attempts: 1 });

    // Printed again (a label that jammed): the same labels once more.
    expect((await post(contract.printer.retryPrint, 'operator', { recId: id })).status).toBe(200);
    expect(await t.jobs.drain([PRINT_ZPL])).toBe(1);
    expect(printer.received).toHaveLength(2);
    expect(printer.received[1]).toBe(printer.received[0]);

    // Who may not, and what does not exist.
    expect((await post(contract.printer.retryPrint, 'demo', { recId: id })).status).toBe(403);
    expect((await post(contract.printer.prints, 'demo', {})).status).toBe(403);
    expect((await post(contract.printer.retryPrint, 'operator', { recId: 999_999_999 })).status).toBe(404);
    expect((await post(contract.printer.retryPrint, 'operator', { recId: 'x' })).status).toBe(400);
    expect((await post(contract.printer.prints, 'operator', { status: 7 })).status).toBe(400);
    expect((await post(contract.printer.myPrints, 'operator', { ids: [] })).status).toBe(400);
  });

  it("prints a lading bill's label from the PDA, with the counts of what was scanned", async () => {
    const port = await freePort();
    const printer = await fakePrinter(port);
    closers.push(printer.close);
    const printerId = await printerAt('Stand-in for bills', port);
    const channel = await idsByCode(t, 'shipping_channels');
    const bill = await post(contract.lading.create, 'pda', {
      channelId: channel['CN-SA-AIR-COD'],
    });
    expect(bill.status, bill.raw).toBe(200);
    for (const o of await makeOrders(t, tokens, 2)) {
      const scanned = await post(at(contract.lading.scanTrackingNo, { id: bill.body.data.recId }), 'pda', {
        trackingNo: o.trackingNo,
      });
      expect(scanned.status, scanned.raw).toBe(200);
    }
    const r = await post(contract.printer.printLadingLabels, 'pda', {
      ids: [bill.body.data.recId],
      printerId,
    });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data).toMatchObject({
      kind: 'ladingLabel',
      subject: bill.body.data.no,
      labels: 1,
      status: PrintStatus.queued,
      createdBy: 'pda',
    });
    expect(await t.jobs.drain([PRINT_ZPL])).toBe(1);
    expect(printer.received).toHaveLength(1);
    const labels = printer.received[0]!.match(/\^XA[\s\S]*?\^XZ/g)!;
    expect(labels).toHaveLength(1);
    expect(labels[0]).toContain(`^FD${bill.body.data.no}^FS`);
    expect(labels[0]).toContain('^FDParcels^FS');
    expect(labels[0]).toContain('^FD2^FS');
    const [sent] = (await post(contract.printer.myPrints, 'pda', { ids: [r.body.data.recId] })).body.data;
    expect(sent).toMatchObject({ status: PrintStatus.sent });
    // The Prints screen tells bills' labels from orders'.
    const bills = await post(contract.printer.prints, 'operator', {
      kind: 'ladingLabel',
    });
    expect(bills.body.data.records.map((p) => p.recId)).toContain(r.body.data.recId);
    expect(bills.body.data.records.every((p) => p.kind === 'ladingLabel')).toBe(true);

    expect(
      (await post(contract.printer.printLadingLabels, 'demo', { ids: [bill.body.data.recId] })).status,
    ).toBe(403);
    expect((await post(contract.printer.printLadingLabels, 'pda', { ids: [] })).status).toBe(400);
    expect(
      (
        await post(contract.printer.printLadingLabels, 'pda', {
          ids: Array.from({ length: 51 }, (_, i) => i + 1),
        })
      ).status,
    ).toBe(400);
    const missing = await post(contract.printer.printLadingLabels, 'pda', {
      ids: [2_000_000_000],
      printerId,
    });
    expect(missing.status, missing.raw).toBe(404);
  });

  it("goes to the caller's preferred printer, and refuses what it may not do", async () => {
    const port = await freePort();
    const printer = await fakePrinter(port);
    closers.push(printer.close);
    const printerId = await printerAt('Stand-in mine', port);
    expect((await post(contract.printer.setMyDefault, 'operator', { printerId })).status).toBe(200);
    const r = await post(contract.printer.printOrderLabels, 'operator', { ids: [order.id] });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data.printerId).toBe(printerId);
    expect((await post(contract.printer.printOrderLabels, 'demo', { ids: [order.id] })).status).toBe(403);
    expect((await post(contract.printer.printOrderLabels, 'operator', { ids: [] })).status).toBe(400);
    expect(
      (await post(contract.printer.printOrderLabels, 'operator', { ids: [order.id], printerId: 999_999 }))
        .status,
    ).toBe(404);
    expect(
      (await post(contract.printer.printOrderLabels, 'operator', { ids: [2_000_000_000], printerId })).status,
    ).toBe(404);
  });
});
