import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import { WEBHOOK_EVENTS } from '../../src/shared/contract/webhook.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { type Receiver, startReceiver } from '../support/http-receiver.ts';
import { useTestApp } from './support/app.ts';
import { at } from './support/call.ts';
import { confirmationHelpers, sheetTime } from './support/confirmations.ts';
import { idsByCode, makeOrders } from './support/movement.ts';
import { riyadhConsignee } from './support/order-body.ts';

interface Posted {
  type: string;
  data: {
    order?: { id: number; trackingNo: string; statusCode?: string };
    fromStatusCode?: string | null;
    trackingEvent?: { node: string; location: string; description: string } | null;
    [k: string]: unknown;
  };
}

/**
 * The writers that move orders other than one by one through changeStatus report through the same
 * outbox: a batch of orders, an order freed when its lading bill is cancelled (back to received),
 * the carriers' delivery and return confirmations (signed, returned, set-based).
 */
describe('webhooks of bulk and backward status moves', () => {
  const t = useTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_ALLOW_HTTP: '1' } });
  const h = confirmationHelpers(t);
  let receiver: Receiver<Posted>;

  beforeAll(async () => {
    await h.logIn();
    receiver = await startReceiver<Posted>(() => ({ status: 200, body: '{}' }));
    const r = await h.post(contract.webhook.save, 'demo', {
      url: receiver.url('/hooks'),
      events: [...WEBHOOK_EVENTS],
      enabled: true,
    });
    expect(r.status, r.raw).toBe(200);
  });
  afterAll(() => receiver?.close());

  const drain = () => t.jobs.drain(['webhook-deliver']);
  const ofOrder = (id: number, type?: string) =>
    receiver.received
      .filter((r) => r.body?.data.order?.id === id && (!type || r.body?.type === type))
      .map((r) => r.body!);

  it('posts order.created once for each order a batch created, none for a refused one', async () => {
    const region = await idsByCode(t, 'regions');
    const channel = await idsByCode(t, 'shipping_channels');
    const order = (weight: string) => ({
      customerNo: `WH-${randomUUID().slice(0, 8)}`,
      channelId: channel['CN-SA-AIR-COD'],
      consignee: riyadhConsignee(region),
      weight,
      goods: [{ nameEn: 'T-shirt', quantity: 1, unitPrice: '9.90' }],
    });
    const r = await h.post(contract.order.createBatch, 'demo', {
      orders: [order('1.2'), order('0'), order('2.5')],
    });
    expect(r.status, r.raw).toBe(200);
    await drain();
    const [a, refused, b] = r.body.data.results;
    expect(refused!.ok).toBe(false);
    for (const made of [a!, b!]) {
      const got = ofOrder(made.recId!, 'order.created');
      expect(got).toHaveLength(1);
      expect(got[0]!.data.order).toMatchObject({
        trackingNo: made.trackingNo,
        customerNo: made.customerNo,
        statusCode: 'created',
      });
    }
    const customerNos = receiver.received.map(
      (x) => (x.body?.data.order as { customerNo?: string })?.customerNo,
    );
    expect(customerNos).not.toContain(refused!.customerNo);
  });

  it('posts the return to received when a lading bill is cancelled', async () => {
    const [o] = await makeOrders(t, h.tokens, 1);
    const bill = await h.post(contract.lading.create, 'operator', { channelId: o!.channelId });
    expect(bill.status, bill.raw).toBe(200);
    const id = bill.body.data.recId;
    const scan = await h.post(at(contract.lading.scanTrackingNo, { id }), 'pda', {
      trackingNo: o!.trackingNo,
    });
    expect(scan.status, scan.raw).toBe(200);
    const cancel = await h.post(at(contract.lading.cancel, { id }), 'operator');
    expect(cancel.status, cancel.raw).toBe(200);
    await drain();
    const moves = ofOrder(o!.id, 'order.status_changed');
    expect(moves.map((m) => [m.data.fromStatusCode, m.data.order?.statusCode])).toEqual([
      ['created', 'received'],
      ['received', 'inLading'],
      ['inLading', 'received'],
    ]);
    // The release is internal: no tracking event for the consignee.
    expect(moves[2]!.data.trackingEvent).toBeNull();
  });

  it('posts each order a delivery or a return file signs or returns, with its tracking event', async () => {
    const [signed, returned] = await h.orders(2, OrderStatus.outForDelivery);
    const at = new Date(Date.now() - 3_600_000);
    const delivery = await h.upload(contract.statement.importPromptDelivery, 'service', [
      ['*Tracking no', '*Sign time', 'Signed by', 'Remarks'],
      [signed!.trackingNo, sheetTime(at), 'Ahmed', ''],
    ]);
    expect(delivery.status, delivery.raw).toBe(200);
    const back = await h.upload(contract.statement.importPromptReturn, 'service', [
      ['*Tracking no', '*Return time', 'Return reason', 'Remarks'],
      [returned!.trackingNo, sheetTime(at), 'Refused', ''],
    ]);
    expect(back.status, back.raw).toBe(200);
    await drain();
    const to = (id: number, code: string) =>
      ofOrder(id, 'order.status_changed').filter((m) => m.data.order?.statusCode === code);
    const s = to(signed!.id, 'signed');
    expect(s).toHaveLength(1);
    expect(s[0]!.data).toMatchObject({
      fromStatusCode: 'outForDelivery',
      order: { trackingNo: signed!.trackingNo },
      trackingEvent: { description: 'Ahmed' },
    });
    const r = to(returned!.id, 'returned');
    expect(r).toHaveLength(1);
    expect(r[0]!.data.trackingEvent).toMatchObject({ description: 'Refused' });
  });
});
