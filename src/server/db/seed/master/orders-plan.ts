import { sql } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { DAY, DAYS, generator, HOUR, ORDER_COUNT } from './orders-basics.ts';
import type { OrderMaster } from './orders-master.ts';
import { planParcel } from './orders-parcel.ts';
import { planReceipt } from './orders-receipt.ts';
import { recordOrder } from './orders-record.ts';
import type { Base, PlanContext, PlanState } from './orders-state.ts';
import { planTimeline } from './orders-timeline.ts';

/**
 * The plan of the demo orders: their creation times, then each order in turn, oldest first, in
 * four steps (parcel, timeline, receipt, record) that add its rows to the plan's state. The steps
 * share one seeded generator and draw from it in a fixed order: the seed is the same on every run
 * (but for the times, relative to now).
 */

/** Plans the demo orders (their ids and numbers taken from the sequences now). */
export async function planDemoOrders(db: Db, master: OrderMaster) {
  const r = generator(20_240_601);
  const now = Date.now();
  const cutoff = now - 5 * 60_000;

  const bases = Array.from({ length: ORDER_COUNT }, (): Base => {
    // Busier lately (the business grows), at shop hours in China (UTC+8, 9:00 to 24:00).
    const age = DAYS * r.next() ** 1.15;
    const day = Math.floor(age);
    const localHour = r.between(9, 24);
    const midnight = Math.floor((now + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
    let at = midnight - day * DAY + localHour * HOUR;
    if (at > cutoff - 10 * 60_000) at = cutoff - r.between(10, 600) * 60_000;
    return { cust: r.chance(0.75) ? 'DEMO' : 'OTHER', createdAt: at };
  }).sort((a, b) => a.createdAt - b.createdAt);

  const numbers = (
    await db.execute<{ id: number; no: string }>(sql`
      SELECT nextval(pg_get_serial_sequence('orders', 'id'))::bigint AS id,
        'GL' || lpad(nextval('order_tracking_no_seq')::text, 10, '0') AS no
      FROM generate_series(1, ${ORDER_COUNT})`)
  ).rows;
  const ids = numbers.map((n) => Number(n.id)).sort((a, b) => a - b);
  const trackingNos = numbers.map((n) => n.no).sort();

  const state: PlanState = {
    orderValues: [],
    goodsValues: [],
    eventValues: [],
    remarkValues: [],
    interceptValues: [],
    abnormalPlans: [],
    feeValues: [],
    feeExceptionValues: [],
    poolValues: [],
    poolCounter: new Map(),
    demoNo: 100_000,
    otherDaily: new Map(),
    poolImportedAt: new Date(now - (DAYS + 3) * DAY),
    pendingIntercepts: 0,
  };
  const ctx: PlanContext = { r, now, cutoff, master };
  bases.forEach((base, i) => {
    const parcel = planParcel(ctx, state, base, ids[i]!, trackingNos[i]!);
    const timeline = planTimeline(ctx, state, parcel, i);
    const receipt = planReceipt(ctx, state, parcel, timeline);
    recordOrder(ctx, state, i, parcel, timeline, receipt);
  });
  return { now, state };
}
