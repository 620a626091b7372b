import { createServer, type Server } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/free-port.ts';
import { PRINT_ZPL } from '../../src/server/modules/printer/print-job.ts';
import { type PrinterRecord, type PrintJobRecord, PrintStatus } from '../../src/shared/contract/printer.ts';
import { DEMO, useTestApp } from './support/app.ts';

/** A stand-in for a network label printer: takes raw connections on a port, keeps what each sent. */
async function fakePrinter(port: number) {
  const received: string[] = [];
  const server: Server = createServer((socket) => {
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      data += chunk;
    });
    socket.on('end', () => {
      received.push(data);
      socket.end();
    });
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return { received, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}

describe('print to a network printer (printer/printOrderLabels, the print-zpl job)', () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  let order: { id: number; tracking_no: string };
  const closers: (() => Promise<void>)[] = [];
  const post = <T>(path: string, who: keyof typeof DEMO, body: unknown = {}) =>
    t.call<T>('POST', path, { token: tokens[who], body, lang: 'en' });
  const printerAt = async (name: string, port: number) => {
    const r = await post<PrinterRecord>('/printer/save', 'admin', { name, host: '127.0.0.1', port });
    expect(r.status, r.raw).toBe(200);
    return r.body.data.recId;
  };
  const printOf = async (id: number) =>
    (await post<{ records: PrintJobRecord[] }>('/printer/prints', 'operator', { ids: [id] })).body.data
      .records[0]!;
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
    const r = await post<PrintJobRecord>('/printer/printOrderLabels', 'operator', {
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

  it('retries while the printer is off and prints once it is back', async () => {
    const port = await freePort();
    const printerId = await printerAt('Stand-in off', port);
    const r = await post<PrintJobRecord>('/printer/printOrderLabels', 'operator', {
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

  it("goes to the caller's preferred printer, and refuses what it may not do", async () => {
    const port = await freePort();
    const printer = await fakePrinter(port);
    closers.push(printer.close);
    const printerId = await printerAt('Stand-in mine', port);
    expect((await post('/printer/setMyDefault', 'operator', { printerId })).status).toBe(200);
    const r = await post<PrintJobRecord>('/printer/printOrderLabels', 'operator', { ids: [order.id] });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data.printerId).toBe(printerId);
    expect((await post('/printer/printOrderLabels', 'demo', { ids: [order.id] })).status).toBe(403);
    expect((await post('/printer/printOrderLabels', 'operator', { ids: [] })).status).toBe(400);
    expect(
      (await post('/printer/printOrderLabels', 'operator', { ids: [order.id], printerId: 999_999 })).status,
    ).toBe(404);
    expect(
      (await post('/printer/printOrderLabels', 'operator', { ids: [2_000_000_000], printerId })).status,
    ).toBe(404);
  });
});
