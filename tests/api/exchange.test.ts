import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportsInFlight } from '../../src/server/files/export.ts';
import { keyLock } from '../../src/server/http/idempotency.ts';
import { type Body, type EndpointDef, IDEMPOTENCY_IN_FLIGHT } from '../../src/shared/contract/core.ts';
import { ExportStatus } from '../../src/shared/contract/export-task.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { ScanRefusalData } from '../../src/shared/contract/lading.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { at, callWith } from './support/call.ts';
import { idsByCode, key, type MadeOrder, makeOrders } from './support/movement.ts';

type Who = keyof typeof DEMO;
const reasonOf = (data: unknown) => (data as ScanRefusalData).reason;

describe('exchange scan', () => {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  let channel: Record<string, number>;

  const post = <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>) =>
    callWith(t, entry, { token: tokens[who], body, lang: 'en' });
  const get = <E extends EndpointDef>(entry: E, who: Who, headers: Record<string, string> = {}) =>
    callWith(t, entry, { token: tokens[who], headers, lang: 'en' });
  const orderOf = async (id: number) =>
    (await get(at(contract.order.getOrderDetail, { id }), 'admin')).body.data;
  const scan = (trackingNo: string, who: Who = 'pda', headers: Record<string, string> = {}) =>
    get(at(contract.exchange.scan, { trackingNo }), who, headers);
  const combined = (trackingNo: string) => get(at(contract.exchange.scanCombined, { trackingNo }), 'pda');

  /** Picks up at origin the lading bill of these parcels (order tracking nos, or package nos in a package bill). */
  const shipBill = async (codes: string[], orderType = 1) => {
    const bill = (
      await post(contract.lading.create, 'operator', {
        channelId: channel['CN-SA-AIR-COD']!,
        orderType,
      })
    ).body.data;
    for (const c of codes)
      expect(
        (await post(at(contract.lading.scanTrackingNo, { id: bill.recId }), 'pda', { trackingNo: c })).status,
      ).toBe(200);
    await post(contract.lading.confirm, 'pda', { ids: [bill.recId] });
    expect((await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda')).status).toBe(200);
  };
  const shipped = async (n: number): Promise<MadeOrder[]> => {
    const os = await makeOrders(t, tokens, n);
    await shipBill(os.map((o) => o.trackingNo));
    return os;
  };

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    channel = await idsByCode(t, 'shipping_channels');
  });
  it('answers the last-mile carrier and its number and marks the order exchanged; a repeat is "already"', async () => {
    const [o] = await shipped(1);
    const before = await orderOf(o!.id);
    const r = await scan(o!.trackingNo.toLowerCase());
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data).toMatchObject({
      result: 'ok',
      trackingNo: o!.trackingNo,
      carrierId: before.carrierId,
      carrierCode: before.carrierCode,
      carrierTrackingNo: before.carrierTrackingNo,
      consigneeName: 'Ahmed Al-Harbi',
      countryName: 'Saudi Arabia',
      scanCount: 1,
      exchangedAt: expect.any(String),
    });
    expect(r.body.data.message).toBe(
      `Relabel ${o!.trackingNo} with ${before.carrierName} ${before.carrierTrackingNo}`,
    );
    const after = await orderOf(o!.id);
    expect(after.exchangeStatus).toBe(1);
    expect(after.events.filter((e) => e.node === 'EXCHANGED')).toHaveLength(1);
    const again = await scan(o!.trackingNo);
    expect(again.body.data).toMatchObject({
      result: 'already',
      scanCount: 2,
      exchangedAt: r.body.data.exchangedAt,
    });
    expect((await orderOf(o!.id)).events.filter((e) => e.node === 'EXCHANGED')).toHaveLength(1);
  });

  it('refuses unknown, not yet shipped and cancelled orders, with their reason', async () => {
    const unknown = await scan('GL9999999999');
    expect(unknown.status).toBe(409);
    expect(unknown.body.data).toEqual({ reason: 'unknown', trackingNo: 'GL9999999999', billNo: null });
    const [atOrigin, cancelled] = await makeOrders(t, tokens, 2);
    const origin = await scan(atOrigin!.trackingNo);
    expect(reasonOf(origin.body.data)).toBe('wrongStatus');
    await post(contract.order.cancelOrder, 'demo', { ids: [cancelled!.id] });
    const c = await scan(cancelled!.trackingNo);
    expect(reasonOf(c.body.data)).toBe('cancelled');
    expect(c.body.msg).toBe(`Order ${cancelled!.trackingNo} is cancelled: set the parcel aside`);
    expect((await scan('x')).status).toBe(400);
    expect((await scan('x')).body.msg).toBe('Scan a valid tracking no');
  });

  it('is replayed by its Idempotency-Key (one exchange, the same answer) and refused to customers', async () => {
    const [o] = await shipped(1);
    const k = key();
    const first = await scan(o!.trackingNo, 'pda', { 'idempotency-key': k });
    const second = await scan(o!.trackingNo, 'pda', { 'idempotency-key': k });
    expect(second.body).toEqual(first.body);
    expect(second.body.data.scanCount).toBe(1);
    // While the first request with a key still runs, a repeat is told so, with a reason to retry on.
    const [pda] = (
      await t.database.db.execute<{ id: number }>(sql`SELECT id FROM users WHERE username = 'pda'`)
    ).rows;
    const running = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${keyLock(pda!.id, k)})`);
      return scan(o!.trackingNo, 'pda', { 'idempotency-key': k });
    });
    expect(running.status).toBe(409);
    expect(running.body.data).toEqual({ reason: IDEMPOTENCY_IN_FLIGHT });
    const [p] = await shipped(1);
    expect((await scan(p!.trackingNo, 'pda', { 'idempotency-key': k })).status).toBe(422);
    expect((await scan(o!.trackingNo, 'demo')).status).toBe(403);
    expect((await scan(o!.trackingNo, 'finance')).status).toBe(403);
    expect((await scan(o!.trackingNo, 'operator')).status).toBe(200);
  });

  it('exchanges every order of a package at once, by its no or by any of its orders', async () => {
    const consignee = { name: 'Noura', phone: '+966 55 222 3333', address: 'Tahlia Street 9' };
    const os = await makeOrders(t, tokens, 2, { consignee });
    const pkg = (
      await post(contract.package.create, 'pda', {
        trackingNos: os.map((o) => o.trackingNo).join(' '),
      })
    ).body.data;
    await post(contract.package.confirm, 'pda', { ids: [pkg.recId] });
    await shipBill([pkg.no], 2);
    const r = await combined(pkg.no);
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data).toMatchObject({ packageId: pkg.recId, packageNo: pkg.no });
    expect(r.body.data.results.map((x) => [x.trackingNo, x.result])).toEqual(
      os.map((o) => [o.trackingNo, 'ok']),
    );
    expect(r.body.data.results[0]!.label?.carrierTrackingNo).toBeTruthy();
    const byOrder = await combined(os[1]!.trackingNo);
    expect(byOrder.body.data.results.map((x) => x.result)).toEqual(['already', 'already']);
    const [loose] = await shipped(1);
    const notIn = await combined(loose!.trackingNo);
    expect(notIn.status).toBe(409);
    expect(reasonOf(notIn.body.data)).toBe('notInPackage');
    expect(reasonOf((await combined('PK0000000000')).body.data)).toBe('unknown');
  });

  it('lists exchange records by exchange status (orders reached overseas wait as not exchanged) and exports them', async () => {
    const os = await shipped(2);
    const details = await Promise.all(os.map((o) => orderOf(o.id)));
    const same = os.filter((_, i) => details[i]!.carrierId === details[0]!.carrierId);
    const bill = (
      await post(contract.overseasLading.create, 'pda', {
        channelId: channel['CN-SA-AIR-COD']!,
        carrierId: details[0]!.carrierId,
      })
    ).body.data;
    for (const o of same)
      expect(
        (
          await post(at(contract.overseasLading.scanTrackingNo, { id: bill.recId }), 'pda', {
            trackingNo: o.trackingNo,
          })
        ).status,
      ).toBe(200);
    const waiting = await post(contract.exchange.scanList, 'operator', {
      trackingNos: same.map((o) => o.trackingNo).join('\n'),
      exchanged: '0',
    });
    expect(waiting.status, waiting.raw).toBe(200);
    expect(waiting.body.data.records.map((r) => r.trackingNo).sort()).toEqual(
      same.map((o) => o.trackingNo).sort(),
    );
    expect(waiting.body.data.records[0]).toMatchObject({
      exchanged: 0,
      exchangedName: 'Not exchanged',
      exchangedAt: null,
    });
    await scan(same[0]!.trackingNo);
    const done = await post(contract.exchange.scanList, 'operator', {
      trackingNos: same[0]!.trackingNo,
      exchanged: 1,
      startTime: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(done.body.data.records).toEqual([
      expect.objectContaining({
        exchanged: 1,
        exchangedName: 'Exchanged',
        exchangedBy: expect.any(String),
        scanCount: 1,
      }),
    ]);
    const all = await post(contract.exchange.scanList, 'operator', {
      exchanged: '-1',
      pageSize: 500,
    });
    expect(all.body.data.total).toBeGreaterThanOrEqual(same.length);
    const s = await post(contract.exchange.scanExport, 'operator', { exchanged: '1' });
    expect(s.status, s.raw).toBe(200);
    await exportsInFlight();
    const tasks = await post(contract.exportTask.listExportTask, 'operator', {});
    expect(tasks.body.data.records.find((r) => r.recId === s.body.data.recId)?.status).toBe(
      ExportStatus.done,
    );
    expect((await post(contract.exchange.scanList, 'pda', {})).status).toBe(403);
    expect((await post(contract.exchange.scanExport, 'pda', {})).status).toBe(403);
    expect((await post(contract.exchange.scanList, 'demo', {})).status).toBe(403);
  });
});
