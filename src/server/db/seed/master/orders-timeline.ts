import {
  AbnormalKind,
  InterceptRequestState,
  InterceptState,
  OrderNode,
} from '../../../../shared/domain/order-rules.ts';
import { OrderStatus } from '../../../../shared/domain/order-status.ts';
import type { orderIntercepts } from '../../schema/index.ts';
import { DAY, HOUR, MIN_PENDING_INTERCEPTS, ORDER_COUNT } from './orders-basics.ts';
import { INTERCEPT_REASONS, INTERCEPT_RESULTS } from './orders-data.ts';
import type { PlannedParcel } from './orders-parcel.ts';
import type { PlanContext, PlannedAbnormal, PlannedEvent, PlanState, Step } from './orders-state.ts';

/**
 * One demo order's timeline: the status moves its route would take from its creation, its fate
 * (cancelled, returned after failed attempts, lost, or delivered at the first or second attempt),
 * and an interception request (written to the plan's requests), which holds or delays the parcel.
 * `i` is the order's place among the demo orders, oldest first.
 */
export function planTimeline(ctx: PlanContext, state: PlanState, p: PlannedParcel, i: number) {
  const { r, now, cutoff } = ctx;
  const { staff } = ctx.master;
  const { id, created, createdBy, route } = p;
  const h = (a: number, b: number) => r.between(a, b) * HOUR;
  let steps: Step[] = [];
  {
    let t = created;
    const push = (status: number, node: string, a: number, b: number) => {
      t += h(a, b);
      steps.push({ status, node, at: t });
    };
    if (route === 'local') {
      push(OrderStatus.received, OrderNode.received, 2, 30);
      push(OrderStatus.inLading, 'IN_LADING', 1, 8);
      push(OrderStatus.pickedUp, 'PICKED_UP', 1, 6);
      push(OrderStatus.outForDelivery, 'OUT_FOR_DELIVERY', 4, 20);
      push(OrderStatus.signed, 'SIGNED', 2, 30);
    } else {
      push(OrderStatus.received, OrderNode.received, 6, 72);
      push(OrderStatus.inLading, 'IN_LADING', 4, 40);
      push(OrderStatus.pickedUp, 'PICKED_UP', 4, 24);
      push(OrderStatus.inTransit, 'IN_TRANSIT', route === 'sea' ? 48 : 6, route === 'sea' ? 96 : 30);
      push(
        OrderStatus.customsClearance,
        'CUSTOMS',
        route === 'sea' ? 20 * 24 : 18,
        route === 'sea' ? 26 * 24 : 60,
      );
      push(OrderStatus.arrivedOverseas, 'ARRIVED', 6, 36);
      if (route !== 'firstLeg') {
        push(OrderStatus.outForDelivery, 'OUT_FOR_DELIVERY', 10, 40);
        push(OrderStatus.signed, 'SIGNED', 3, 30);
      }
    }
  }
  const find = (status: number) => steps.find((s) => s.status === status);
  const failures: number[] = [];
  let cancelAt: number | null = null;
  const fate = r.next();
  if (fate < 0.02) steps = [];
  else if (fate < 0.055) {
    // Cancelled while waiting for the parcel, or soon after it arrived.
    const received = find(OrderStatus.received)!;
    const inLading = find(OrderStatus.inLading)!;
    cancelAt = r.chance(0.7)
      ? created + (received.at - created) * r.between(0.2, 0.9)
      : received.at + (inLading.at - received.at) * r.between(0.2, 0.8);
    steps = steps.filter((s) => s.at < cancelAt!);
    steps.push({ status: OrderStatus.cancelled, node: OrderNode.cancelled, at: cancelAt });
  } else if (fate < 0.09 && route !== 'firstLeg') {
    // Returned after failed delivery attempts.
    const out = find(OrderStatus.outForDelivery)!;
    let t = out.at;
    for (let k = r.int(1, 2); k > 0; k--) {
      t += h(4, 30);
      failures.push(t);
    }
    steps = steps.filter((s) => s.status !== OrderStatus.signed);
    steps.push({ status: OrderStatus.returned, node: 'RETURNED', at: t + h(48, 120) });
  } else if (fate < 0.098 && route !== 'local') {
    const transit = find(OrderStatus.inTransit)!;
    steps = steps.filter((s) => s.at <= transit.at);
    steps.push({ status: OrderStatus.lost, node: 'LOST', at: transit.at + h(8 * 24, 14 * 24) });
  } else if (r.chance(0.12) && find(OrderStatus.signed)) {
    // One failed attempt, delivered the next day.
    const out = find(OrderStatus.outForDelivery)!;
    failures.push(out.at + h(3, 10));
    find(OrderStatus.signed)!.at = failures[0]! + h(20, 30);
  }

  // Interception: requested at some point before the parcel is delivered.
  const events: PlannedEvent[] = [];
  const abnormals: PlannedAbnormal[] = [];
  let interceptState: number = InterceptState.none;
  // Customer service always has a few requests to answer: among the latest orders, the first ones
  // that can still be held carry an open request (chance alone gave none on some days).
  const openNeeded = state.pendingIntercepts < MIN_PENDING_INTERCEPTS && i >= ORDER_COUNT - 80;
  if (cancelAt === null && steps.length && (openNeeded || r.chance(0.035))) {
    const asked = openNeeded ? created + (cutoff - created) * r.between(0.1, 0.6) : created + h(0.5, 120);
    const before = steps.filter((s) => s.at <= asked);
    const current = before.length ? before[before.length - 1]!.status : OrderStatus.created;
    const interceptable = ![OrderStatus.signed, OrderStatus.returned, OrderStatus.lost].includes(
      current as 9 | 10 | 11,
    );
    if (asked < cutoff && interceptable) {
      const answered = asked + h(2, 40);
      const by = r.chance(0.5) ? createdBy : staff.service;
      const reason = r.pick(INTERCEPT_REASONS);
      const outcome =
        openNeeded || answered > cutoff || (asked > now - 3 * DAY && r.chance(0.5))
          ? 'pending'
          : r.weighted([
              ['succeeded', 5],
              ['failed', 3],
              ['withdrawn', 2],
            ] as const);
      const request: typeof orderIntercepts.$inferInsert = {
        orderId: id,
        state: InterceptRequestState.requested,
        reason,
        requestedBy: by,
        requestedAt: new Date(asked),
        resultRemark: '',
        resolvedBy: null,
        resolvedAt: null,
      };
      events.push({
        node: OrderNode.interceptRequested,
        carrierId: null,
        status: null,
        fromStatus: null,
        location: '',
        description: reason,
        isPublic: false,
        at: asked,
        operatorId: by,
      });
      const held = outcome === 'pending' || outcome === 'succeeded';
      if (held) {
        steps = steps.filter((s) => s.at <= asked);
        failures.splice(0, failures.length, ...failures.filter((f) => f <= asked));
      } else {
        // The parcel waited while the request was open.
        for (const s of steps) if (s.at > asked) s.at += answered - asked;
        for (let k = 0; k < failures.length; k++) if (failures[k]! > asked) failures[k]! += answered - asked;
      }
      if (outcome === 'pending') {
        interceptState = InterceptState.requested;
        state.pendingIntercepts++;
      } else {
        const remark =
          outcome === 'succeeded'
            ? r.pick(INTERCEPT_RESULTS.succeeded)
            : outcome === 'failed'
              ? r.pick(INTERCEPT_RESULTS.failed)
              : '';
        const state =
          outcome === 'succeeded'
            ? InterceptRequestState.succeeded
            : outcome === 'failed'
              ? InterceptRequestState.failed
              : InterceptRequestState.withdrawn;
        interceptState =
          outcome === 'succeeded'
            ? InterceptState.succeeded
            : outcome === 'failed'
              ? InterceptState.failed
              : InterceptState.none;
        const resolver = outcome === 'withdrawn' ? by : staff.service;
        Object.assign(request, {
          state,
          resultRemark: remark,
          resolvedBy: resolver,
          resolvedAt: new Date(answered),
        });
        events.push({
          node:
            outcome === 'succeeded'
              ? OrderNode.interceptSucceeded
              : outcome === 'failed'
                ? OrderNode.interceptFailed
                : OrderNode.interceptWithdrawn,
          carrierId: null,
          status: null,
          fromStatus: null,
          location: '',
          description: remark,
          isPublic: false,
          at: answered,
          operatorId: resolver,
        });
      }
      state.interceptValues.push(request);
      if (outcome === 'succeeded') {
        // Held at the warehouse: the customer cancels the order; caught on the way: it comes back.
        if (current <= OrderStatus.inLading) {
          if (r.chance(0.6)) {
            cancelAt = answered + h(2, 48);
            steps.push({ status: OrderStatus.cancelled, node: OrderNode.cancelled, at: cancelAt });
          }
        } else steps.push({ status: OrderStatus.returned, node: 'RETURNED', at: answered + h(72, 240) });
      }
      // A successful interception stays on customer service's list until someone handles it.
      const handledAt =
        outcome === 'pending'
          ? null
          : outcome === 'succeeded'
            ? answered + h(24, 96) < cutoff
              ? answered + h(24, 96)
              : null
            : answered;
      abnormals.push({
        kind: AbnormalKind.intercepted,
        detail: { reason },
        at: asked,
        handledAt,
        handledBy: handledAt === null ? null : outcome === 'withdrawn' ? by : staff.service,
      });
    }
  }

  return { steps, failures, cancelAt, events, abnormals, interceptState };
}

export type PlannedTimeline = ReturnType<typeof planTimeline>;
