import { and, inArray, sql } from 'drizzle-orm';
import { OrderStatus } from '../../../../shared/domain/order-status.ts';
import { parcelOf } from '../../../modules/bill/movement.ts';
import type { Db } from '../../client.ts';
import {
  carriers,
  customers,
  orderEvents,
  orders,
  regions,
  shippingChannels,
  users,
} from '../../schema/index.ts';
import type { OrderFacts } from './movements-plan.ts';

/**
 * What the demo movements are made from: the accounts that scan, the channels, carriers' mail and
 * countries, and the demo orders that went into a lading bill with their events (null: none).
 */
export async function readMovementFacts(db: Db) {
  const userRows = await db.select({ id: users.id, username: users.username }).from(users);
  const user = (name: string) => userRows.find((u) => u.username === name)?.id ?? null;
  const operator = user('operator') ?? user('admin');
  const scanner = user('pda') ?? operator;

  const channelRows = await db
    .select({ id: shippingChannels.id, code: shippingChannels.code, type: shippingChannels.ladingType })
    .from(shippingChannels);
  const channelOf = new Map(channelRows.map((c) => [c.id, c]));
  const carrierRows = await db.select({ id: carriers.id, email: carriers.email }).from(carriers);
  const mailOf = new Map(
    carrierRows.map((c) => [
      c.id,
      c.email
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
        .join(', '),
    ]),
  );
  const countryRows = await db.select({ id: regions.id, code: regions.code }).from(regions);
  const countryCode = new Map(countryRows.map((c) => [c.id, c.code]));

  // The demo orders that went into a lading bill, with their events.
  const demo = await db
    .select({ id: customers.id })
    .from(customers)
    .where(inArray(customers.code, ['DEMO', 'OTHER']));
  if (demo.length === 0) return null;
  const orderRows = await db
    .select({
      id: orders.id,
      channelId: orders.channelId,
      carrierId: orders.carrierId,
      countryId: orders.consigneeCountryId,
      status: orders.status,
      packageCount: orders.packageCount,
      checkedWeight: orders.checkedWeight,
      declaredWeight: orders.declaredWeight,
      volumeWeight: orders.volumeWeight,
      carrierTrackingNo: orders.carrierTrackingNo,
      cancelledAt: orders.cancelledAt,
    })
    .from(orders)
    .where(
      and(
        inArray(
          orders.customerId,
          demo.map((c) => c.id),
        ),
        sql`EXISTS (SELECT 1 FROM ${orderEvents} e WHERE e.order_id = ${orders.id} AND e.status = ${OrderStatus.inLading})`,
      ),
    );
  if (orderRows.length === 0) return null;
  const eventRows = await db
    .select({
      id: orderEvents.id,
      orderId: orderEvents.orderId,
      status: orderEvents.status,
      at: orderEvents.occurredAt,
    })
    .from(orderEvents)
    .where(
      inArray(
        orderEvents.orderId,
        orderRows.map((o) => o.id),
      ),
    )
    .orderBy(orderEvents.orderId, orderEvents.occurredAt, orderEvents.id);
  const eventsOf = new Map<number, OrderFacts['events']>();
  for (const e of eventRows) {
    const list = eventsOf.get(e.orderId) ?? [];
    if (list.length === 0) eventsOf.set(e.orderId, list);
    list.push({ id: e.id, status: e.status, at: e.at.getTime() });
  }
  const facts: OrderFacts[] = orderRows.map((o) => ({
    id: o.id,
    channelId: o.channelId,
    carrierId: o.carrierId,
    countryId: o.countryId,
    status: o.status,
    ...parcelOf(o),
    carrierTrackingNo: o.carrierTrackingNo,
    cancelledAt: o.cancelledAt?.getTime() ?? null,
    events: eventsOf.get(o.id) ?? [],
  }));
  return { operator, scanner, channelOf, mailOf, countryCode, facts };
}
