import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import type { CancelResult, OrderDetail } from '../../src/shared/contract/order.ts';
import { AbnormalKind, InterceptState } from '../../src/shared/domain/order-rules.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { call, callLoose } from './support/call.ts';
import { useOrderWorld } from './support/order-world.ts';

/** Cancelling orders and intercepting them (order-world.ts). */
describe('orders: cancelling and interception', () => {
  const w = useOrderWorld();
  const { t, tokens, orderBody, created, detail, list, receive, setStatus } = w;

  let demoOrder: OrderDetail;
  let otherOrder: OrderDetail;
  beforeAll(async () => {
    ({ demoOrder, otherOrder } = await w.baseOrders());
  });

  describe('order/cancelOrder', () => {
    const cancel = (ids: number[], token = tokens.demo, lang = 'en', reason?: string) =>
      call(t, contract.order.cancelOrder, { token, body: { ids, reason }, lang });

    it('cancels the caller’s orders not yet picked up, with a public event and the reason as a remark', async () => {
      const o = await created(orderBody());
      const r = await cancel([o.recId], tokens.demoSub, 'en', 'Buyer changed their mind');
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toEqual({
        cancelled: 1,
        results: [{ recId: o.recId, trackingNo: o.trackingNo, ok: true, message: null }],
      });
      const d = (await detail(o.recId, tokens.demo)).body.data;
      expect(d.status).toBe(OrderStatus.cancelled);
      expect(d.cancelledAt).not.toBeNull();
      expect(d.events[0]).toMatchObject({ node: 'CANCELLED', status: 12, isPublic: true, description: '' });
      expect(d.remarks[0]!.content).toBe('Buyer changed their mind');
    });

    it('refuses each order picked up or later with a translated reason; all refused is a 409', async () => {
      const a = await created(orderBody());
      const b = await created(orderBody());
      await setStatus(b.recId, OrderStatus.pickedUp);
      const mixed = await cancel([a.recId, b.recId]);
      expect(mixed.status).toBe(200);
      expect(mixed.body.data.cancelled).toBe(1);
      expect(mixed.body.data.results[1]).toEqual({
        recId: b.recId,
        trackingNo: b.trackingNo,
        ok: false,
        message: `Order ${b.trackingNo} is Picked up: only orders not yet picked up can be cancelled`,
      });
      const one = await cancel([b.recId], tokens.demo, 'cn');
      expect(one.status).toBe(409);
      expect(one.body.msg).toBe(`订单 ${b.trackingNo} 状态为「已提货」：只能取消尚未提货的订单`);
      expect((one.body.data as CancelResult).cancelled).toBe(0);
      const two = await cancel([a.recId, b.recId], tokens.demo, 'en');
      expect(two.status).toBe(409);
      expect(two.body.msg).toBe('None of the 2 orders could be cancelled');
    });

    it('refuses the whole call when one id is another customer’s or unknown (404), changing nothing', async () => {
      const mine = await created(orderBody());
      const foreign = await cancel([mine.recId, otherOrder.recId], tokens.demo);
      expect(foreign.status).toBe(404);
      expect((await cancel([otherOrder.recId], tokens.demoSub)).status).toBe(404);
      expect((await cancel([mine.recId, 999999999])).status).toBe(404);
      expect((await detail(mine.recId)).body.data.status).toBe(OrderStatus.created);
      expect((await cancel([mine.recId], tokens.pda)).status).toBe(403);
      expect((await cancel([])).status).toBe(400);
    });
  });

  describe('interception', () => {
    const intercept = (id: number, token = tokens.operator, lang = 'en', reason?: string) =>
      call(t, contract.order.interceptOrder, {
        params: { id },
        token,
        body: reason ? { reason } : {},
        lang,
      });
    const withdraw = (id: number, token = tokens.operator) =>
      call(t, contract.order.cancelOrderIntercept, { params: { id }, token, body: {}, lang: 'en' });
    const result = (id: number, token = tokens.operator) =>
      call(t, contract.order.getInterceptOrderResult, {
        params: { id },
        token,
        body: {},
        lang: 'en',
      });
    const setResult = (body: object, token = tokens.operator, lang = 'en') =>
      callLoose(t, contract.order.setInterceptOrderResult, { token, body, lang });

    it('is refused to customers and the PDA, whoever’s order it is', async () => {
      for (const who of ['demo', 'demoSub', 'other', 'pda'] as const) {
        expect((await intercept(otherOrder.recId, tokens[who])).status, who).toBe(403);
        expect((await withdraw(demoOrder.recId, tokens[who])).status, who).toBe(403);
        expect((await setResult({ id: demoOrder.recId, result: 'success' }, tokens[who])).status, who).toBe(
          403,
        );
      }
      expect((await result(demoOrder.recId, tokens.demo)).status).toBe(403);
      expect((await intercept(999999999)).status).toBe(404);
    });

    it('asks, refuses a second request, withdraws, asks again and records the result with the operator', async () => {
      const o = await created(orderBody());
      await receive(o.trackingNo);
      const asked = await intercept(o.recId, tokens.operator, 'en', 'Customer request');
      expect(asked.status, asked.raw).toBe(200);
      expect(asked.body.data).toMatchObject({
        orderId: o.recId,
        interceptState: InterceptState.requested,
        interceptStateName: 'Interception requested',
        current: { state: 1, reason: 'Customer request', requestedBy: 'Olivia Operator', resolvedAt: null },
      });
      expect((await detail(o.recId)).body.data.abnormalKinds).toContain(AbnormalKind.intercepted);
      const twice = await intercept(o.recId);
      expect(twice.status).toBe(409);
      expect(twice.body.msg).toBe(
        `An interception of order ${o.trackingNo} is already waiting for its result`,
      );

      const withdrawn = await withdraw(o.recId);
      expect(withdrawn.body.data).toMatchObject({
        interceptState: 0,
        current: { state: 4, stateName: 'Interception withdrawn' },
      });
      expect((await detail(o.recId)).body.data.abnormalKinds).not.toContain(AbnormalKind.intercepted);
      expect((await withdraw(o.recId)).status).toBe(409);
      const none = await setResult({ id: o.recId, result: 'success' });
      expect(none.status).toBe(409);
      expect(none.body.msg).toBe(`Order ${o.trackingNo} has no interception waiting for a result`);

      await intercept(o.recId);
      const done = await setResult({ id: o.recId, result: 'success', remark: 'Held at SZX01' }, tokens.admin);
      expect(done.status, done.raw).toBe(200);
      expect(done.body.data).toMatchObject({
        interceptState: InterceptState.succeeded,
        current: { state: 2, resultRemark: 'Held at SZX01', resolvedBy: 'Administrator' },
      });
      expect(done.body.data.history.map((h) => h.state)).toEqual([2, 4]);
      const read = await result(o.recId, tokens.service);
      expect(read.body.data.interceptStateName).toBe('Intercepted');
      const again = await intercept(o.recId, tokens.operator, 'en');
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe(`Order ${o.trackingNo} has already been intercepted`);
      const d = (await detail(o.recId)).body.data;
      expect(d.events.filter((e) => e.node.startsWith('INTERCEPT')).map((e) => e.node)).toEqual([
        'INTERCEPT_SUCCEEDED',
        'INTERCEPT_REQUESTED',
        'INTERCEPT_WITHDRAWN',
        'INTERCEPT_REQUESTED',
      ]);
      // Staff see the interception events and requests; the customer sees the order intercepted, no
      // more (not who asked or resolved, nor the result's remark).
      expect(d.intercepts.length).toBe(2);
      const customerView = (await detail(o.recId, tokens.demo)).body.data;
      expect(customerView.events.some((e) => !e.isPublic)).toBe(false);
      expect(customerView.interceptState).toBe(InterceptState.succeeded);
      expect(customerView.intercepts).toEqual([]);
      expect(customerView.abnormals).toEqual([]);
      expect((await list({ interceptState: 2, trackingNos: o.trackingNo })).body.data.total).toBe(1);
    });

    it('allows a new request after a failure, and none once signed', async () => {
      const o = await created(orderBody());
      await intercept(o.recId);
      const failed = await setResult({ id: o.recId, result: 'failure', remark: 'Already handed over' });
      expect(failed.body.data.interceptState).toBe(InterceptState.failed);
      expect((await intercept(o.recId)).status).toBe(200);
      await withdraw(o.recId);
      await setStatus(o.recId, OrderStatus.signed);
      const late = await intercept(o.recId, tokens.operator, 'cn');
      expect(late.status).toBe(409);
      expect(late.body.msg).toBe(`订单 ${o.trackingNo} 状态为「已签收」，已不能拦截`);
      expect((await setResult({ id: o.recId, result: 'maybe' })).status).toBe(400);
    });

    it('withdraws a pending interception when the order is cancelled', async () => {
      const o = await created(orderBody());
      await intercept(o.recId);
      await call(t, contract.order.cancelOrder, { token: tokens.operator, body: { ids: [o.recId] } });
      const r = await result(o.recId);
      expect(r.body.data).toMatchObject({
        status: OrderStatus.cancelled,
        interceptState: 0,
        current: { state: 4 },
      });
    });
  });
});
