import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportsInFlight } from '../../src/server/files/export.ts';
import { xlsxRows } from '../../src/server/files/sheet.ts';
import { businessDay } from '../../src/server/files/sheet-time.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { LoopState } from '../../src/shared/domain/closed-loop.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { useTestApp } from './support/app.ts';
import { at, call, rowErrors } from './support/call.ts';
import { confirmationHelpers, sheetTime, ZONE } from './support/confirmations.ts';
import type { MadeOrder } from './support/movement.ts';

const HEADERS = [
  '*Tracking no',
  '*Remitted amount',
  '*Currency',
  '*Remittance date',
  '*Remittance reference',
  'Remarks',
];
const DELIVERY = ['*Tracking no', '*Sign time', 'Signed by', 'Remarks'];
const HOUR = 3_600_000;

/**
 * Closed-loop data: the loop state of each order the carrier has taken (delivered through the
 * delivery import, remitted through the overseas reconciliation import), the list's filters, the
 * reconciliation template and import (bad rows reported and nothing written, the same file again
 * harmless), the export, and who may call.
 */
describe('closed-loop data', () => {
  const t = useTestApp();
  const h = confirmationHelpers(t);
  const { tokens, q, post, upload, download } = h;
  const today = businessDay(new Date(), ZONE);
  let codA: MadeOrder;
  let codB: MadeOrder;
  let prepaid: MadeOrder;
  let transit: MadeOrder;
  let usd: MadeOrder;
  let carrierNoB = '';

  const list = async (body: object, who: 'admin' | 'finance' = 'finance') => {
    const r = await post(contract.closedLoop.list, who, body);
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const mine = () => [codA, codB, prepaid, transit, usd].map((o) => o.trackingNo).join(',');

  beforeAll(async () => {
    await h.logIn();
    [codA, codB] = (await h.orders(2, OrderStatus.outForDelivery, { cod: '199.00' })) as [
      MadeOrder,
      MadeOrder,
    ];
    [usd] = (await h.orders(1, OrderStatus.outForDelivery, { cod: '50.00', currency: 'USD' })) as [MadeOrder];
    [prepaid] = (await h.orders(1, OrderStatus.outForDelivery)) as [MadeOrder];
    [transit] = (await h.orders(1, OrderStatus.inTransit, { cod: '80.00' })) as [MadeOrder];
    carrierNoB = (
      await q<{ no: string }>(sql`SELECT carrier_tracking_no AS no FROM orders WHERE id = ${codB.id}`)
    )[0]!.no;
    const signedAt = sheetTime(new Date(Date.now() - 20 * HOUR));
    const signed = await upload(contract.statement.importPromptDelivery, 'service', [
      DELIVERY,
      ...[codA, codB, usd, prepaid].map((o) => [o.trackingNo, signedAt, '', '']),
    ]);
    expect(signed.status, signed.raw).toBe(200);
  });

  it('shows each order’s loop state: delivered without COD is closed, COD waits for its remittance', async () => {
    const page = await list({ trackingNos: mine() });
    expect(page.total).toBe(5);
    const state = (o: MadeOrder) => page.records.find((r) => r.recId === o.id)!;
    expect(state(prepaid)).toMatchObject({ state: LoopState.closed, closed: true, stateName: 'Closed' });
    expect(state(prepaid).closedAt).toBe(state(prepaid).signedAt);
    expect(state(codA)).toMatchObject({
      state: LoopState.awaitingRemittance,
      closed: false,
      codAmount: '199.00',
      codCurrency: 'SAR',
      remittedAmount: null,
    });
    expect(state(codA).signedAt).not.toBeNull();
    expect(state(transit)).toMatchObject({ state: LoopState.inTransit, signedAt: null });
    expect((await list({ trackingNos: mine(), closed: '1' })).records.map((r) => r.recId)).toEqual([
      prepaid.id,
    ]);
    expect((await list({ trackingNos: mine(), closed: '0' })).total).toBe(4);
    expect((await list({ trackingNos: mine(), state: LoopState.awaitingRemittance })).total).toBe(3);
    expect((await list({ trackingNos: mine(), payment: '0' })).records.map((r) => r.recId)).toEqual([
      prepaid.id,
    ]);
    // Orders still at the warehouse or cancelled are not in the loop.
    const [waiting] = await h.orders(1, OrderStatus.received);
    expect((await list({ trackingNos: waiting!.trackingNo })).total).toBe(0);
  });

  it('offers the reconciliation template in the caller’s language', async () => {
    const en = await download(contract.closedLoop.overseasTemplate, 'finance');
    expect(en.status, en.raw).toBe(200);
    const rows: string[][] = [];
    for await (const r of xlsxRows(en.bytes)) rows.push(r.cells);
    expect(rows[0]).toEqual(HEADERS);
    const cn = await download(contract.closedLoop.overseasTemplate, 'finance', 'cn');
    const cnRows: string[][] = [];
    for await (const r of xlsxRows(cn.bytes)) cnRows.push(r.cells);
    expect(cnRows[0]![1]).not.toBe(HEADERS[1]);
  });

  it('refuses a reconciliation file with bad rows, reporting each, and writes nothing', async () => {
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 36 * HOUR).toISOString().slice(0, 10);
    const res = await upload(contract.closedLoop.overseasImport, 'finance', [
      HEADERS,
      [codA.trackingNo, '199', 'SAR', today, 'RMT-1', ''],
      [codB.trackingNo, '150.00', 'SAR', today, 'RMT-1', ''],
      [usd.trackingNo, '50.00', 'SAR', today, 'RMT-1', ''],
      [prepaid.trackingNo, '10.00', 'SAR', today, 'RMT-1', ''],
      [transit.trackingNo, '80.00', 'SAR', today, 'RMT-1', ''],
      ['GL9999999999', '1.00', 'SAR', today, 'RMT-1', ''],
      [codA.trackingNo, '199', 'SAR', today, 'RMT-1', ''],
      [carrierNoB, '-4', 'riyal', '2026-02-30', 'RMT-1', ''],
      [usd.trackingNo, '50.00', 'USD', tomorrow, 'RMT-1', ''],
    ]);
    expect(res.status, res.raw).toBe(400);
    const errors = rowErrors(res);
    const byRow = (row: number) =>
      errors.filter((e) => e.row === row).map((e) => `${e.column}: ${e.message}`);
    expect(byRow(2)).toEqual([]);
    expect(byRow(3)).toEqual([
      `Remitted amount: The COD amount of order ${codB.trackingNo} is 199.00, not 150.00: modify the COD first if the partner collected another amount`,
    ]);
    expect(byRow(4)).toEqual([`Currency: The COD currency of order ${usd.trackingNo} is USD, not SAR`]);
    expect(byRow(5)).toEqual([
      `Tracking no: Order ${prepaid.trackingNo} has no COD: there is nothing to remit`,
    ]);
    expect(byRow(6)).toEqual([
      `Tracking no: Order ${transit.trackingNo} is not signed for (In transit): only a delivered order’s COD is remitted`,
    ]);
    expect(byRow(7)).toEqual(['Tracking no: No order has the tracking no GL9999999999']);
    expect(byRow(8)).toEqual(['Tracking no: Same as row 2']);
    expect(byRow(9)).toEqual([
      'Remitted amount: Enter an amount above 0 with at most 2 decimals',
      'Currency: Enter a 3-letter currency code (e.g. SAR)',
      'Remittance date: Enter a date as YYYY-MM-DD',
      // The carrier's number of an order already in the file.
      'Tracking no: Same as row 3',
    ]);
    expect(byRow(10)).toEqual([
      'Remittance date: The date cannot be in the future',
      'Tracking no: Same as row 4',
    ]);
    const remitted = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM cod_remittances`);
    expect(remitted[0]!.n).toBe(0);
  });

  it('remits the matched orders, which become closed; the same file again is harmless', async () => {
    const rows = [
      HEADERS,
      [codA.trackingNo, '199', 'SAR', today, 'RMT-2026-07', 'weekly'],
      [carrierNoB, '199.00', 'sar', today, 'RMT-2026-07', ''],
    ];
    const res = await upload(contract.closedLoop.overseasImport, 'finance', rows);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ rowCount: 2, recorded: 2, alreadyRecorded: 0 });
    const closed = await list({ trackingNos: mine(), closed: '1' });
    expect(closed.records.map((r) => r.recId).sort()).toEqual([codA.id, codB.id, prepaid.id].sort());
    const a = closed.records.find((r) => r.recId === codA.id)!;
    expect(a).toMatchObject({
      remittedAmount: '199.00',
      remittedCurrency: 'SAR',
      remittedOn: today,
      remittanceReference: 'RMT-2026-07',
      state: LoopState.closed,
    });
    expect(a.closedAt).not.toBeNull();
    const detail = await h.detail(codA.id);
    const event = detail.events.find((e) => e.node === 'COD_REMITTED')!;
    expect(event).toMatchObject({ isPublic: false, name: 'COD remitted' });
    expect(event.description).toContain('RMT-2026-07');

    const again = await upload(contract.closedLoop.overseasImport, 'finance', rows);
    expect(again.status, again.raw).toBe(200);
    expect(again.body.data).toMatchObject({ recorded: 0, alreadyRecorded: 2 });
    const events = await q<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM order_events WHERE order_id = ${codA.id} AND node = 'COD_REMITTED'`,
    );
    expect(events[0]!.n).toBe(1);

    const other = await upload(contract.closedLoop.overseasImport, 'finance', [
      HEADERS,
      [codA.trackingNo, '199', 'SAR', today, 'RMT-OTHER', ''],
    ]);
    expect(other.status).toBe(400);
    expect(rowErrors(other)[0]!.message).toBe(
      `Order ${codA.trackingNo} is already remitted (RMT-2026-07, ${today})`,
    );
  });

  it('filters by the sign and remittance time and refuses a range that ends before it starts', async () => {
    const dayStart = new Date(`${today}T00:00:00+08:00`);
    const range = {
      startTime: dayStart.toISOString(),
      endTime: new Date(dayStart.getTime() + 24 * HOUR).toISOString(),
    };
    const remitted = await list({ trackingNos: mine(), timeBasis: 'remit', ...range });
    expect(remitted.records.map((r) => r.recId).sort()).toEqual([codA.id, codB.id].sort());
    const signed = await list({
      trackingNos: mine(),
      timeBasis: 'sign',
      startTime: new Date(Date.now() - 30 * HOUR).toISOString(),
    });
    expect(signed.total).toBe(4);
    const created = await list({ trackingNos: mine(), startTime: new Date(Date.now() - HOUR).toISOString() });
    expect(created.total).toBe(0);
    const wrong = await post(contract.closedLoop.list, 'finance', {
      endTime: dayStart.toISOString(),
      startTime: range.endTime,
    });
    expect(wrong.status).toBe(400);
  });

  it('exports the rows the filters select', async () => {
    const started = await post(contract.closedLoop.detailExport, 'finance', {
      trackingNos: mine(),
      closed: '1',
    });
    expect(started.status, started.raw).toBe(200);
    await exportsInFlight();
    const file = await download(at(contract.exportTask.download, { id: started.body.data.recId }), 'finance');
    expect(file.status).toBe(200);
    const rows: string[][] = [];
    for await (const r of xlsxRows(file.bytes)) rows.push(r.cells);
    expect(rows).toHaveLength(4);
    expect(rows[0]![0]).toBe('Tracking no');
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([codA, codB, prepaid].map((o) => o.trackingNo).sort());
    expect(rows.find((r) => r[0] === codA.trackingNo)).toContain('RMT-2026-07');
  });

  it('lets finance and administrators in, and keeps operators, customer service, customers and the PDA out', async () => {
    for (const who of ['operator', 'service', 'demo', 'demoSub', 'other', 'pda'] as const) {
      expect((await post(contract.closedLoop.list, who)).status, who).toBe(403);
      expect((await post(contract.closedLoop.detailExport, who)).status, who).toBe(403);
      expect((await download(contract.closedLoop.overseasTemplate, who)).status, who).toBe(403);
      const up = await upload(contract.closedLoop.overseasImport, who, [
        HEADERS,
        [codA.trackingNo, '1', 'SAR', today, 'x', ''],
      ]);
      expect(up.status, who).toBe(403);
    }
    expect((await call(t, contract.closedLoop.list, { body: {} })).status).toBe(401);
    expect((await post(contract.closedLoop.list, 'admin')).status).toBe(200);
    expect(tokens.finance).toBeTruthy();
  });
});
