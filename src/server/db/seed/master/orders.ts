import { and, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { customers, orders } from '../../schema/index.ts';
import { DEMO_NO_PREFIX } from './orders-basics.ts';
import { loadOrderMaster } from './orders-master.ts';
import { planDemoOrders } from './orders-plan.ts';
import { writeDemoOrders } from './orders-write.ts';

export { generator } from './orders-basics.ts';
export { routeOf } from './orders-master.ts';
export { bulkInsert } from './orders-write.ts';

/**
 * The demo orders: a couple of thousand orders of the demo customers over the last 60 days, each
 * with the history the order module would have written for it — goods (sensitive ones flagged),
 * events with the status moves (order_events status/from_status, public or not as the module
 * writes them), the carrier and its number drawn from the tracking-number pool on receipt, fees
 * from the channel's price rule (order-fees.ts), fee exceptions, weighing, interceptions, remarks and
 * abnormal marks. Deterministic (a seeded generator; times are relative to now) and written with
 * multi-row inserts in one transaction. Skipped when the demo orders are there.
 *
 * Carrier numbers: each order's number is a row of the carrier's pool (tracking_numbers, used by
 * the order), added here in the carrier's style. The free numbers the carrier seed put in the pool
 * stay free, so receiving parcels in the demo draws from them as usual.
 *
 * In steps: the master data the orders refer to (orders-master.ts), the plan (orders-plan.ts, each
 * order in turn through orders-parcel.ts, orders-timeline.ts, orders-receipt.ts and
 * orders-record.ts), and the writing (orders-write.ts).
 */
export async function seedDemoOrders(db: Db): Promise<void> {
  const custRows = await db
    .select({ id: customers.id, code: customers.code })
    .from(customers)
    .where(inArray(customers.code, ['DEMO', 'OTHER']));
  const customerId = new Map(custRows.map((c) => [c.code, c.id]));
  const demo = customerId.get('DEMO');
  const other = customerId.get('OTHER');
  if (demo === undefined || other === undefined) return;
  const [done] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, demo), like(orders.customerNo, `${DEMO_NO_PREFIX}%`)))
    .limit(1);
  if (done) return;

  const master = await loadOrderMaster(db, customerId, demo, other);
  if (!master) return;
  const { now, state } = await planDemoOrders(db, master);
  await writeDemoOrders(db, state, now);
}
