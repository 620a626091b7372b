import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { ScanSnapshot } from '../../src/shared/contract/lading.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { at, callRaw, callWith } from './support/call.ts';
import { idsByCode, makeOrders } from './support/movement.ts';

type Who = keyof typeof DEMO;

describe('lading/scanSnapshot (the PDA’s local scan rule data)', () => {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  let channel: Record<string, number>;

  const post = <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>) =>
    callWith(t, entry, { token: tokens[who], body, lang: 'en' });
  const snapshot = (body: Body<typeof contract.lading.scanSnapshot> = {}, who: Who = 'pda') =>
    post(contract.lading.scanSnapshot, who, body);
  /** A snapshot asked with input its schema refuses, on purpose. */
  const snapshotRaw = (body: unknown) =>
    callRaw(t, contract.lading.scanSnapshot, { token: tokens.pda, body, lang: 'en' });
  /** Every page of a fetch from `cursor`: the rows by tracking no, the pages, the next cursor. */
  const fetchAll = async (cursor: string | undefined, pageSize: number) => {
    const rows = new Map<string, ScanSnapshot['rows'][number]>();
    let pages = 0;
    let next = cursor;
    let first: ScanSnapshot | undefined;
    for (;;) {
      const r = await snapshot({ ...(next ? { cursor: next } : {}), pageSize });
      expect(r.status, r.raw).toBe(200);
      first ??= r.body.data;
      pages += 1;
      for (const row of r.body.data.rows) {
        expect(rows.has(row[0]), `${row[0]} twice in one fetch`).toBe(false);
        rows.set(row[0], row);
      }
      if (pages > 1) expect(r.body.data.bills, 'reference data on the first page only').toBeUndefined();
      next = r.body.data.next;
      if (!r.body.data.more) break;
    }
    return { rows, pages, next: next!, first: first! };
  };

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    channel = await idsByCode(t, 'shipping_channels');
  });

  it('is refused to customers and to staff without the scan permission; bad input is a 400', async () => {
    for (const who of ['demo', 'demoSub', 'other', 'finance'] as const)
      expect((await snapshot({}, who)).status, who).toBe(403);
    expect((await snapshot({}, 'operator')).status).toBe(200);
    const bad = await snapshotRaw({ cursor: 'not-a-cursor' });
    expect(bad.status, bad.raw).toBe(400);
    expect(bad.body.msg).toContain('snapshot cursor is not valid');
    const forged = Buffer.from(JSON.stringify({ s: 'x', u: null, a: -1 })).toString('base64url');
    expect((await snapshotRaw({ cursor: forged })).status).toBe(400);
    expect((await snapshotRaw({ pageSize: 0 })).status).toBe(400);
    expect((await snapshotRaw({ pageSize: 100_000 })).status).toBe(400);
  });

  it('pages a whole fetch, then answers only what changed since', async () => {
    const os = await makeOrders(t, tokens, 5);
    const created = await makeOrders(t, tokens, 1, { receive: false });
    const bill = (await post(contract.lading.create, 'operator', { channelId: channel['CN-SA-AIR-COD']! }))
      .body.data;
    const scanned = await post(at(contract.lading.scanTrackingNo, { id: bill.recId }), 'pda', {
      trackingNo: os[0]!.trackingNo,
    });
    expect(scanned.status, scanned.raw).toBe(200);

    const whole = await fetchAll(undefined, 2);
    expect(whole.pages).toBeGreaterThan(2);
    expect(whole.first.full).toBe(true);
    expect(whole.first.bills).toContainEqual({
      id: bill.recId,
      no: bill.no,
      channelId: channel['CN-SA-AIR-COD'],
      countryId: expect.any(Number),
      orderType: 1,
    });
    expect(
      whole.first.channels?.some((c) => c[0] === channel['CN-SA-AIR-COD'] && c[1] === 'CN-SA-AIR-COD'),
    ).toBe(true);
    expect(whole.first.countries?.length).toBeGreaterThan(0);
    const row = whole.rows.get(os[1]!.trackingNo)!;
    expect(row).toEqual([
      os[1]!.trackingNo,
      OrderStatus.received,
      0,
      channel['CN-SA-AIR-COD'],
      expect.any(Number),
      null,
      null,
    ]);
    expect(whole.rows.get(os[0]!.trackingNo)?.[6]).toBe(bill.no);
    expect(whole.rows.get(os[0]!.trackingNo)?.[1]).toBe(OrderStatus.inLading);
    expect(whole.rows.get(created[0]!.trackingNo)?.[1]).toBe(OrderStatus.created);
    // Nothing of the customer or the consignee.
    expect(JSON.stringify(whole.first)).not.toContain('Ahmed');

    // Changes since: nothing changed, nothing but what the slack re-reads (changed in the last minute).
    await t.database.db.execute(sql`UPDATE orders SET updated_at = now() - interval '1 hour'`);
    await t.database.db.execute(sql`UPDATE packages SET updated_at = now() - interval '1 hour'`);
    const old = Buffer.from(
      JSON.stringify({ s: new Date(Date.now() - 5 * 60_000).toISOString(), u: null, a: 0 }),
    ).toString('base64url');
    const quiet = await fetchAll(old, 500);
    expect(quiet.first.full).toBe(false);
    expect(quiet.rows.size).toBe(0);
    // An interception and a cancellation come with the next changes, and only they.
    await t.database.db.execute(
      sql`UPDATE orders SET intercept_state = 1, updated_at = now() WHERE id = ${os[2]!.id}`,
    );
    const cancel = await post(contract.order.cancelOrder, 'admin', { ids: [os[3]!.id] });
    expect(cancel.status, cancel.raw).toBe(200);
    const changed = await fetchAll(quiet.next, 500);
    expect([...changed.rows.keys()].sort()).toEqual([os[2]!.trackingNo, os[3]!.trackingNo].sort());
    expect(changed.rows.get(os[3]!.trackingNo)?.[1]).toBe(OrderStatus.cancelled);
    expect(changed.rows.get(os[2]!.trackingNo)?.[2]).toBe(1);
    // The bill's pickup cancelled: the order leaves it (its item released), and the change says so.
    const released = await post(at(contract.lading.cancel, { id: bill.recId }), 'admin');
    expect(released.status, released.raw).toBe(200);
    const after = await fetchAll(changed.next, 500);
    expect(after.rows.get(os[0]!.trackingNo)).toEqual([
      os[0]!.trackingNo,
      OrderStatus.received,
      0,
      channel['CN-SA-AIR-COD'],
      expect.any(Number),
      null,
      null,
    ]);
  });
});
