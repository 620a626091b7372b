import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Body } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callWith } from './support/call.ts';
import { idsByCode } from './support/movement.ts';
import { riyadhCodOrder } from './support/order-body.ts';

/**
 * order/createBatch: up to 1,000 orders in one call through an API key, each created or refused on
 * its own with its reasons, once per Idempotency-Key, in a few set-based statements.
 */
describe('batch order creation', () => {
  const t = useTestApp();
  const tokens: Record<string, string> = {};
  let secret = '';
  let readOnly = '';
  let orderBody: (customerNo?: string) => Body<typeof contract.order.create>;
  let region: Record<string, number>;

  /** A batch: its orders are loose records here, as several are bad on purpose, each refused on its own. */
  const batch = (token: string, body: unknown, opts: { key?: string; lang?: string } = {}) =>
    callWith(t, contract.order.createBatch, {
      token,
      body: body as Body<typeof contract.order.createBatch>,
      lang: opts.lang ?? 'en',
      ...(opts.key ? { idempotencyKey: opts.key } : {}),
    });
  const countOrders = async (customerNos: string[]) =>
    Number(
      (
        await t.database.pool.query('SELECT count(*) AS n FROM orders WHERE customer_no = ANY($1)', [
          customerNos,
        ])
      ).rows[0].n,
    );

  beforeAll(async () => {
    for (const who of ['admin', 'demo', 'other'] as const) {
      const [username, password] = DEMO[who];
      tokens[who] = await t.login(username, password);
    }
    const made = await call(t, contract.apiKey.create, {
      token: tokens.demo,
      body: { name: 'batch ERP' },
    });
    secret = made.body.data.secret;
    const reader = await call(t, contract.apiKey.create, {
      token: tokens.demo,
      body: { name: 'reader', scopes: ['orders:read'] },
    });
    readOnly = reader.body.data.secret;
    region = await idsByCode(t, 'regions');
    const channel = await idsByCode(t, 'shipping_channels');
    orderBody = (customerNo) => ({
      ...(customerNo ? { customerNo } : {}),
      ...riyadhCodOrder(region, channel['CN-SA-AIR-COD'], { cod: false, weight: '1.250' }),
      remark: 'batch',
    });
  });

  const uniq = (p: string) => `${p}-${randomUUID().slice(0, 8)}`;

  it('creates the valid orders and refuses the others one by one, with translated reasons', async () => {
    const taken = uniq('TAKEN');
    expect((await call(t, contract.order.create, { token: secret, body: orderBody(taken) })).status).toBe(
      200,
    );
    const nos = [uniq('B0'), uniq('B1'), uniq('B2')];
    const badRegion = {
      ...orderBody(uniq('BR')),
      consignee: { ...(orderBody().consignee as object), regionIds: [region.SA] },
    };
    const body = {
      orders: [
        orderBody(nos[0]),
        badRegion,
        orderBody(nos[1]),
        orderBody(taken),
        orderBody(nos[1]),
        { ...orderBody(), weight: '-1' },
        orderBody(),
        orderBody(nos[2]),
      ],
    };
    const r = await batch(secret, body, { lang: 'ar' });
    expect(r.status, r.raw).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({ created: 4, refused: 4 });
    expect(d.results.map((x) => x.ok)).toEqual([true, false, true, false, false, false, true, true]);
    expect(d.results.map((x) => x.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(d.results[1]!.issues.map((i) => i.path)).toEqual(['consignee.regionIds']);
    expect(d.results[3]!.issues.map((i) => i.path)).toEqual(['customerNo']);
    expect(d.results[4]!.issues.map((i) => i.path)).toEqual(['customerNo']);
    expect(d.results[5]!.issues.map((i) => i.path)).toEqual(['weight']);
    for (const x of d.results.filter((x) => !x.ok)) {
      expect(x.recId).toBeNull();
      expect(x.issues[0]!.message).toMatch(/[\u0600-\u06FF]/);
    }
    // Created: ids and tracking nos; an order sent without a customer no takes its tracking no.
    expect(d.results[6]!.customerNo).toBe(d.results[6]!.trackingNo);
    expect(d.results[0]!.customerNo).toBe(nos[0]);
    const detail = await call(t, contract.order.getOrderDetail, {
      params: { id: d.results[7]!.recId },
      token: secret,
    });
    expect(detail.status, detail.raw).toBe(200);
    expect(detail.body.data).toMatchObject({ trackingNo: d.results[7]!.trackingNo, customerNo: nos[2] });
    expect(detail.body.data.goods).toHaveLength(1);
    expect(await countOrders(nos)).toBe(3);
    const events = await t.database.pool.query(
      "SELECT count(*) AS n FROM order_events WHERE node = 'CREATED' AND order_id = ANY($1)",
      [d.results.filter((x) => x.ok).map((x) => x.recId)],
    );
    expect(Number(events.rows[0].n)).toBe(4);
  });

  it('creates nothing twice for a retried Idempotency-Key; another body with it answers 422', async () => {
    const key = randomUUID();
    const nos = [uniq('I0'), uniq('I1')];
    const body = { orders: nos.map((n) => orderBody(n)) };
    const first = await batch(secret, body, { key });
    expect(first.status, first.raw).toBe(200);
    const again = await batch(secret, body, { key });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await countOrders(nos)).toBe(2);
    const other = await batch(secret, { orders: [orderBody(uniq('I2'))] }, { key });
    expect(other.status).toBe(422);
  });

  it('answers 409 with the results when no order could be created, and replays it', async () => {
    const key = randomUUID();
    const body = {
      orders: [
        { ...orderBody(), weight: '0' },
        { ...orderBody(), isCod: true },
      ],
    };
    const r = await batch(secret, body, { key });
    expect(r.status, r.raw).toBe(409);
    expect(r.body.data).toMatchObject({ created: 0, refused: 2 });
    expect(r.body.data.results[1]!.issues.map((i) => i.path)).toContain('codAmount');
    const again = await batch(secret, body, { key });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(r.body);
  });

  it('refuses a batch over 1,000 or a malformed body whole, translated, never 5xx', async () => {
    const one = orderBody();
    // 25 goods lines an order: a body beyond the server's usual 2 MB, which this call takes.
    const heavy = { ...one, goods: Array.from({ length: 25 }, () => (one.goods as unknown[])[0]) };
    const tooMany = await batch(
      secret,
      { orders: Array.from({ length: 1001 }, () => heavy) },
      { lang: 'cn' },
    );
    expect(JSON.stringify({ orders: Array.from({ length: 1001 }, () => heavy) }).length).toBeGreaterThan(
      2 ** 21,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toMatch(/1000/);
    expect(tooMany.body.msg).toMatch(/[\u4e00-\u9fff]/);
    const malformed = await batch(secret, {
      orders: [one, { ...one, consignee: { ...(one.consignee as object), name: '' } }],
    });
    expect(malformed.status).toBe(400);
    expect(
      (malformed.body.data as unknown as { issues: { path: string }[] }).issues.map((i) => i.path),
    ).toEqual(['orders.1.consignee.name']);
    const huge = await batch(secret, { orders: [one], pad: 'x'.repeat(17 * 2 ** 20) });
    expect(huge.status).toBe(413);
    for (const body of [
      {},
      { orders: [] },
      { orders: 'x' },
      { orders: [null] },
      { orders: [one], customerId: 'x' },
    ]) {
      const r = await batch(secret, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('admits keys with orders:write only, staff naming the customer, and confines customers', async () => {
    expect((await batch(readOnly, { orders: [orderBody()] })).status).toBe(403);
    const staffWithout = await batch(tokens.admin!, { orders: [orderBody()] });
    expect(staffWithout.status).toBe(400);
    const me = await call(t, contract.auth.me, { token: tokens.demo });
    const staff = await batch(tokens.admin!, { customerId: me.body.data.customerId, orders: [orderBody()] });
    expect(staff.status, staff.raw).toBe(200);
    // A customer naming another customer: as order/create, not found.
    const foreign = await batch(tokens.other!, {
      customerId: me.body.data.customerId,
      orders: [orderBody()],
    });
    expect(foreign.status).toBe(404);
  });

  it('lets the key cancel what it created (an audited change made through a key)', async () => {
    const r = await batch(secret, { orders: [orderBody()] });
    const id = r.body.data.results[0]!.recId!;
    const cancel = await call(t, contract.order.cancelOrder, {
      token: secret,
      body: { ids: [id], reason: 'ERP' },
    });
    expect(cancel.status, cancel.raw).toBe(200);
  });

  it('creates 1,000 orders in one call within seconds', async () => {
    const prefix = uniq('K');
    const orders = Array.from({ length: 1000 }, (_, i) => orderBody(`${prefix}-${i}`));
    const started = performance.now();
    const r = await batch(secret, { orders }, { key: randomUUID() });
    const ms = performance.now() - started;
    expect(r.status, r.raw.slice(0, 500)).toBe(200);
    expect(r.body.data.created).toBe(1000);
    expect(new Set(r.body.data.results.map((x) => x.recId)).size).toBe(1000);
    console.info(`order/createBatch: 1,000 orders in ${Math.round(ms)} ms`);
    // The issue asks under 5 s; the bench measures it, this bound only catches a row-by-row regression
    // on a loaded test machine.
    expect(ms).toBeLessThan(15_000);
  }, 60_000);
});
