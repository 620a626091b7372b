import { and, eq, gte } from 'drizzle-orm';
import { FeeExceptionState } from '../../../../shared/domain/order-fees.ts';
import { AbnormalKind } from '../../../../shared/domain/order-rules.ts';
import { recomputeFees } from '../../../modules/order-core/order-fees.ts';
import type { Db } from '../../client.ts';
import {
  channelPrices,
  feeExceptions,
  orderAbnormals,
  orders,
  regions,
  shippingChannels,
} from '../../schema/index.ts';

/**
 * The demo's fee story, beside the exceptions whose rule was entered after the parcel arrived
 * (they recalculate at once): the Bahrain rate of CN-GCC-AIR expired ten days ago and finance has
 * not entered the new one, so the Bahrain parcels received since have no fees. Each is a pending
 * "no price rule" exception that a recalculation cannot fix until the rule is back. Written as the
 * order module would have (computeFees, with the rule gone), at the time each parcel arrived.
 *
 * Runs once, right after the demo orders are made. A later `npm run seed` adds the channel's rules
 * that are missing, Bahrain's included; the Bahrain exceptions then recalculate too.
 */
const CHANNEL = 'CN-GCC-AIR';
const COUNTRY = 'BH';
const EXPIRED_DAYS_AGO = 10;

export async function seedFeeCases(db: Db, now: number): Promise<void> {
  const [rule] = await db
    .select({ id: channelPrices.id, channelId: channelPrices.channelId, countryId: channelPrices.countryId })
    .from(channelPrices)
    .innerJoin(shippingChannels, eq(shippingChannels.id, channelPrices.channelId))
    .innerJoin(regions, eq(regions.id, channelPrices.countryId))
    .where(and(eq(shippingChannels.code, CHANNEL), eq(regions.code, COUNTRY), eq(regions.level, 0)));
  if (!rule) return;
  await db.delete(channelPrices).where(eq(channelPrices.id, rule.id));

  const since = new Date(now - EXPIRED_DAYS_AGO * 86_400_000);
  const affected = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.channelId, rule.channelId),
        eq(orders.consigneeCountryId, rule.countryId),
        gte(orders.arrivedAt, since),
      ),
    );
  for (const o of affected) {
    // What the seed resolved since the rule expired could not have been resolved.
    await db
      .delete(feeExceptions)
      .where(
        and(
          eq(feeExceptions.orderId, o.id),
          eq(feeExceptions.state, FeeExceptionState.resolved),
          gte(feeExceptions.resolvedAt, since),
        ),
      );
    await db
      .delete(orderAbnormals)
      .where(
        and(
          eq(orderAbnormals.orderId, o.id),
          eq(orderAbnormals.kind, AbnormalKind.noPrice),
          eq(orderAbnormals.state, 1),
          gte(orderAbnormals.handledAt, since),
        ),
      );
    await recomputeFees(db, o, null);
    await db
      .update(feeExceptions)
      .set({ createdAt: o.arrivedAt!, retriedAt: null })
      .where(and(eq(feeExceptions.orderId, o.id), eq(feeExceptions.state, FeeExceptionState.pending)));
    await db
      .update(orderAbnormals)
      .set({ createdAt: o.arrivedAt! })
      .where(
        and(
          eq(orderAbnormals.orderId, o.id),
          eq(orderAbnormals.kind, AbnormalKind.noPrice),
          eq(orderAbnormals.state, 0),
        ),
      );
  }
}
