import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { emit } from '../../src/server/modules/webhook-emit/webhook-emit.ts';
import type { Body, Data, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { type WEBHOOK_DATA, WEBHOOK_EVENTS, webhookPayload } from '../../src/shared/contract/webhook.ts';
import { type Received, type Receiver, startReceiver } from '../support/http-receiver.ts';
import { verifiedByReference } from '../support/webhooks.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { at, call, callWith } from './support/call.ts';
import { idsByCode } from './support/movement.ts';
import { prepaidRiyadhOrder } from './support/order-body.ts';

type Saved = Data<typeof contract.webhook.save>;
interface Posted {
  type: string;
  timestamp: string;
  data: { order?: { id: number; trackingNo: string; statusCode?: string }; [k: string]: unknown };
}

const DELIVER = 'webhook-deliver';

/**
 * Webhooks end to end: endpoints managed in the customer's scope, events from the transactional
 * outbox posted to a local receiver, signed; retries, redelivery, the test event. The signing is
 * checked in webhook-signing.test.ts, the refusal of private and plain-http addresses in
 * webhook-urls.test.ts.
 */
describe('webhooks', () => {
  const t = useTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_ALLOW_HTTP: '1' } });
  const tokens: Record<string, string> = {};
  let orderBody: () => Body<typeof contract.order.create>;
  let receiver: Receiver<Posted>;
  let answer = 200;
  let demoCustomer = 0;

  beforeAll(async () => {
    for (const who of ['admin', 'operator', 'pda', 'demo', 'demoSub', 'other'] as const) {
      const [username, password] = DEMO[who];
      tokens[who] = await t.login(username, password);
    }
    const region = await idsByCode(t, 'regions');
    const channel = await idsByCode(t, 'shipping_channels');
    demoCustomer = (await idsByCode(t, 'customers')).DEMO ?? 0;
    orderBody = () => prepaidRiyadhOrder(region, channel['CN-SA-AIR-COD']);
    receiver = await startReceiver<Posted>(() => ({
      status: answer,
      body: answer === 200 ? '{"ok":true}' : 'down',
    }));
  });

  afterAll(async () => {
    await receiver?.close();
  });

  const save = async (token: string, body: Body<typeof contract.webhook.save>) => {
    const r = await call(t, contract.webhook.save, { token, body, lang: 'en' });
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const createOrder = async (token = tokens.demo) => {
    const r = await call(t, contract.order.create, { token, body: orderBody() });
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const drain = () => t.jobs.drain([DELIVER]);
  const ofOrder = (id: number, type?: string) =>
    receiver.received.filter((r) => r.body?.data.order?.id === id && (!type || r.body?.type === type));
  const deliveries = async (token: string, body: Body<typeof contract.webhook.deliveries> = {}) => {
    const r = await call(t, contract.webhook.deliveries, { token, body });
    expect(r.status, r.raw).toBe(200);
    return r.body.data.records;
  };

  let hook: Saved;
  const verified = (r: Received<Posted>) =>
    verifiedByReference(hook.secret!, r.headers as Record<string, string>, r.text);

  it('makes an endpoint: the whsec_ secret once, never in a list', async () => {
    hook = await save(tokens.demo!, { url: receiver.url('/hooks'), events: [...WEBHOOK_EVENTS] });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(hook.endpoint).toMatchObject({ enabled: true, createdBy: 'demo', url: receiver.url('/hooks') });
    const list = await call(t, contract.webhook.list, { token: tokens.demo, body: {} });
    expect(list.raw).not.toContain(hook.secret!.slice(6));
    expect(list.body.data.records.map((r) => r.recId)).toContain(hook.endpoint.recId);
    // Changing it answers no secret unless rotated.
    const changed = await save(tokens.demo!, { ...hookBody(), id: hook.endpoint.recId, description: 'ERP' });
    expect(changed.secret).toBeNull();
    expect(changed.endpoint.description).toBe('ERP');
  });
  const hookBody = () => ({ url: receiver.url('/hooks'), events: [...WEBHOOK_EVENTS], enabled: true });

  it('posts order.created once, signed so a Standard Webhooks receiver verifies it', async () => {
    const o = await createOrder();
    expect(ofOrder(o.recId)).toHaveLength(0); // nothing before the job runs
    await drain();
    const got = ofOrder(o.recId, 'order.created');
    expect(got).toHaveLength(1);
    const r = got[0]!;
    expect(r.headers['webhook-id']).toMatch(/^evt_\d+$/);
    expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verified(r)).toBe(true);
    expect(r.body).toMatchObject({
      type: 'order.created',
      data: { order: { id: o.recId, trackingNo: o.trackingNo } },
    });
    await drain();
    expect(ofOrder(o.recId, 'order.created')).toHaveLength(1);
  });

  it('posts order.cancelled and order.status_changed once per change, in order', async () => {
    const o = await createOrder();
    const c = await call(t, contract.order.cancelOrder, { token: tokens.demo, body: { ids: [o.recId] } });
    expect(c.status, c.raw).toBe(200);
    await drain();
    const types = ofOrder(o.recId).map((r) => r.body!.type);
    expect(types).toEqual(['order.created', 'order.status_changed', 'order.cancelled']);
    const moved = ofOrder(o.recId, 'order.status_changed')[0]!.body!;
    expect(moved.data).toMatchObject({
      fromStatusCode: 'created',
      order: { statusCode: 'cancelled' },
      trackingEvent: { node: expect.any(String) },
    });
    expect(ofOrder(o.recId).every(verified)).toBe(true);
  });

  it('posts order.intercepted and order.exception when staff intercept', async () => {
    const o = await createOrder();
    const i = await call(t, contract.order.interceptOrder, {
      params: { id: o.recId },
      token: tokens.admin,
      body: { reason: 'hold' },
    });
    expect(i.status, i.raw).toBe(200);
    await drain();
    expect(ofOrder(o.recId, 'order.intercepted').map((r) => r.body!.data.state)).toEqual(['requested']);
    expect(ofOrder(o.recId, 'order.exception').map((r) => r.body!.data)).toEqual([
      expect.objectContaining({ kindCode: 'intercepted', state: 'set' }),
    ]);
    const w = await call(t, contract.order.cancelOrderIntercept, {
      params: { id: o.recId },
      token: tokens.admin,
      body: {},
    });
    expect(w.status, w.raw).toBe(200);
    await drain();
    expect(ofOrder(o.recId, 'order.intercepted').map((r) => r.body!.data.state)).toEqual([
      'requested',
      'withdrawn',
    ]);
    expect(ofOrder(o.recId, 'order.exception').map((r) => r.body!.data.state)).toEqual(['set', 'handled']);
  });

  it('posts each status move of a lading (the PDA’s scan too) and lading.picked_up', async () => {
    const o = await createOrder();
    const ok = async <E extends EndpointDef>(who: string, entry: E, body = {} as Body<E>) => {
      const r = await callWith(t, entry, { token: tokens[who], body, lang: 'en' });
      expect(r.status, `${entry.path} ${r.raw}`).toBe(200);
      return r.body.data;
    };
    await ok('operator', at(contract.order.receive, { trackingNo: o.trackingNo }));
    const channelId = (await idsByCode(t, 'shipping_channels'))['CN-SA-AIR-COD'];
    const bill = await ok('operator', contract.lading.create, { channelId: channelId! });
    await ok('pda', at(contract.lading.scanTrackingNo, { id: bill.recId }), { trackingNo: o.trackingNo });
    await ok('pda', contract.lading.confirm, { ids: [bill.recId] });
    await ok('pda', at(contract.lading.confirmPickup, { id: bill.recId }));
    await drain();
    expect(ofOrder(o.recId, 'order.status_changed').map((r) => r.body!.data.order?.statusCode)).toEqual([
      'received',
      'inLading',
      'pickedUp',
    ]);
    const picked = receiver.received.filter(
      (r) => r.body?.type === 'lading.picked_up' && (r.body.data.lading as { id: number }).id === bill.recId,
    );
    expect(picked).toHaveLength(1);
    expect(picked[0]!.body!.data.orders).toEqual([
      expect.objectContaining({ id: o.recId, trackingNo: o.trackingNo }),
    ]);
  });

  it('writes the event in the change’s transaction: rolled back, nothing is sent', async () => {
    const count = async () =>
      Number((await t.database.pool.query('SELECT count(*) AS n FROM webhook_outbox')).rows[0].n);
    const before = await count();
    await expect(
      t.database.db.transaction(async (x) => {
        await emit(x as unknown as Db, demoCustomer, 'order.created', {
          order: { id: 999_999_001, trackingNo: 'X' },
        });
        expect(
          Number(
            (await (x as unknown as Db).execute(sql`SELECT count(*) AS n FROM webhook_outbox`)).rows[0]!.n,
          ),
        ).toBe(before + 1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await count()).toBe(before);
    await drain();
    expect(ofOrder(999_999_001)).toHaveLength(0);
    // The same, committed, is sent.
    await t.database.db.transaction(async (x) => {
      await emit(x as unknown as Db, demoCustomer, 'order.created', {
        order: { id: 999_999_002, trackingNo: 'Y' },
      });
    });
    await drain();
    expect(ofOrder(999_999_002)).toHaveLength(1);
  });

  it('retries after the receiver was down, then shows the delivery delivered', async () => {
    answer = 503;
    const o = await createOrder();
    await drain();
    expect(ofOrder(o.recId, 'order.created')).toHaveLength(1);
    let [d] = (await deliveries(tokens.demo!)).filter((x) => x.payload.includes(`"id":${o.recId},`));
    expect(d).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 503, lastBody: 'down' });
    const wait = new Date(d!.nextAttemptAt!).getTime() - new Date(d!.lastAttemptAt!).getTime();
    expect(wait).toBeGreaterThanOrEqual(5_000);
    expect(wait).toBeLessThanOrEqual(10_500);
    // Not before its time.
    await drain();
    expect(ofOrder(o.recId, 'order.created')).toHaveLength(1);
    answer = 200;
    await t.database.pool.query('UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = $1', [
      d!.recId,
    ]);
    await t.database.pool.query(
      `UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND state = 'created'`,
      [DELIVER],
    );
    await drain();
    const got = ofOrder(o.recId, 'order.created');
    expect(got).toHaveLength(2);
    expect(got[0]!.headers['webhook-id']).toBe(got[1]!.headers['webhook-id']);
    [d] = (await deliveries(tokens.demo!)).filter((x) => x.recId === d!.recId);
    expect(d).toMatchObject({ state: 'delivered', attempts: 2, lastStatus: 200, lastBody: '{"ok":true}' });
  });

  it('redelivers a delivery and sends the test event', async () => {
    const [last] = await deliveries(tokens.demo!, { state: 'delivered' });
    const before = receiver.received.length;
    const again = await call(t, contract.webhook.redeliver, {
      params: { deliveryId: last!.recId },
      token: tokens.demo,
    });
    expect(again.status, again.raw).toBe(200);
    expect(again.body.data).toMatchObject({ state: 'pending', webhookId: last!.webhookId, attempts: 0 });
    const test = await call(t, contract.webhook.test, {
      params: { id: hook.endpoint.recId },
      token: tokens.demo,
    });
    expect(test.status, test.raw).toBe(200);
    await drain();
    const got = receiver.received.slice(before);
    expect(got.map((r) => r.headers['webhook-id'])).toContain(last!.webhookId);
    const tested = got.filter((r) => r.body?.type === 'webhook.test');
    expect(tested).toHaveLength(1);
    expect(verified(tested[0]!)).toBe(true);
    // The desk lists the deliveries of one event type.
    const tests = await deliveries(tokens.demo!, { type: 'webhook.test' });
    expect(tests.map((d) => d.recId)).toEqual([test.body.data.recId]);
    const created = await deliveries(tokens.demo!, { type: 'order.created', pageSize: 500 });
    expect(created.length).toBeGreaterThan(0);
    expect(created.every((d) => d.type === 'order.created')).toBe(true);
  });

  it('keeps endpoints in their customer’s scope: another customer’s answer 404', async () => {
    const [mine] = await deliveries(tokens.demo!);
    const token = tokens.other;
    for (const [name, send] of [
      ['delete', () => call(t, contract.webhook.delete, { params: { id: hook.endpoint.recId }, token })],
      ['test', () => call(t, contract.webhook.test, { params: { id: hook.endpoint.recId }, token })],
      [
        'redeliver',
        () => call(t, contract.webhook.redeliver, { params: { deliveryId: mine!.recId }, token }),
      ],
      [
        'save',
        () => call(t, contract.webhook.save, { body: { ...hookBody(), id: hook.endpoint.recId }, token }),
      ],
    ] as const) {
      const r = await send();
      expect(r.status, `${name} ${r.raw}`).toBe(404);
    }
    const list = await call(t, contract.webhook.list, {
      token: tokens.other,
      body: {},
    });
    expect(list.body.data.records).toHaveLength(0);
    expect(await deliveries(tokens.other!)).toHaveLength(0);
    // Another customer's orders send nothing to this endpoint.
    const foreign = await createOrder(tokens.other);
    await drain();
    expect(ofOrder(foreign.recId)).toHaveLength(0);
  });

  it('lets a sub-account manage its own endpoints, and staff any customer’s', async () => {
    const sub = await save(tokens.demoSub!, { ...hookBody(), events: ['order.created'] });
    const mainList = await call(t, contract.webhook.list, {
      token: tokens.demo,
      body: {},
    });
    expect(mainList.body.data.records.map((r) => r.recId)).toContain(sub.endpoint.recId);
    const subOnMain = await call(t, contract.webhook.test, {
      params: { id: hook.endpoint.recId },
      token: tokens.demoSub,
    });
    expect(subOnMain.status).toBe(404);
    const staff = await call(t, contract.webhook.save, {
      token: tokens.admin,
      body: { ...hookBody(), events: ['lading.picked_up'], customerId: demoCustomer },
    });
    expect(staff.status, staff.raw).toBe(200);
    expect(staff.body.data.endpoint.customerId).toBe(demoCustomer);
    const noCustomer = await call(t, contract.webhook.save, {
      token: tokens.admin,
      body: hookBody(),
      lang: 'en',
    });
    expect(noCustomer.status).toBe(400);
    for (const id of [sub.endpoint.recId, staff.body.data.endpoint.recId]) {
      const d = await call(t, contract.webhook.delete, { params: { id }, token: tokens.demo });
      expect(d.status, d.raw).toBe(200);
    }
  });

  it('posts payloads as the OpenAPI document’s webhooks describe them', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    const hooks = (doc.json() as { webhooks: Record<string, unknown> }).webhooks;
    expect(Object.keys(hooks).sort()).toEqual([...WEBHOOK_EVENTS, 'webhook.test'].sort());
    const types = new Set<string>();
    // Not the events the outbox test emitted by hand.
    for (const r of receiver.received.filter((x) => (x.body?.data.order?.id ?? 0) < 999_999_000)) {
      const type = r.body!.type as keyof typeof WEBHOOK_DATA;
      types.add(type);
      const parsed = webhookPayload(type).safeParse(JSON.parse(r.text));
      expect(parsed.success, `${type}: ${parsed.error?.message} ${r.text}`).toBe(true);
    }
    expect(types.size).toBeGreaterThanOrEqual(7);
  });
});
