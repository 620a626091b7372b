import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CustomerShipping } from '../../../shared/contract/customer.ts';
import { Enabled, type Locale } from '../../../shared/domain/enums.ts';
import { customerMessages as m } from '../../../shared/i18n/customer-messages.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { customerChannels, customerProfiles, regions, shippingChannels } from '../../db/schema/index.ts';
import { carrierName, localName } from '../../db/sql-helpers.ts';
import { invalid } from '../../http/errors.ts';

const country = alias(regions, 'country');

/** Every channel by code, flagged whether the customer (if any) may use it. */
export async function allShippings(
  db: Db,
  locale: Locale,
  customerId: number | undefined,
): Promise<CustomerShipping[]> {
  const allowed =
    customerId === undefined
      ? sql<boolean>`false`
      : sql<boolean>`EXISTS (SELECT 1 FROM ${customerChannels} WHERE ${customerChannels.customerId} = ${customerId} AND ${customerChannels.channelId} = ${shippingChannels.id})`;
  const rows = await db
    .select({ channel: shippingChannels, country, allowed })
    .from(shippingChannels)
    .leftJoin(country, eq(country.id, shippingChannels.countryId))
    .orderBy(asc(shippingChannels.code));
  return rows.map((r) => ({
    recId: r.channel.id,
    code: r.channel.code,
    name: carrierName(r.channel, locale),
    status: r.channel.status,
    countryCode: r.country?.code ?? null,
    countryName: r.country ? localName(r.country, locale) : null,
    allowed: r.allowed,
  }));
}

/** What the audit log keeps of a customer's channels: the ids, in order, and the default one. */
async function channelsSnapshot(db: Db, customerId: number) {
  const rows = await db
    .select({ id: customerChannels.channelId })
    .from(customerChannels)
    .where(eq(customerChannels.customerId, customerId))
    .orderBy(asc(customerChannels.channelId));
  const [profile] = await db
    .select({ defaultChannelId: customerProfiles.defaultChannelId })
    .from(customerProfiles)
    .where(eq(customerProfiles.customerId, customerId));
  return { channelIds: rows.map((r) => r.id), defaultChannelId: profile?.defaultChannelId ?? null };
}

/**
 * Replaces the channels a customer may use. Every id must be a channel (a disabled one may be
 * assigned; it is offered once enabled). A default channel that is no longer assigned is cleared.
 */
export async function setChannels(db: Db, customerId: number, channelIds: number[]): Promise<void> {
  const ids = [...new Set(channelIds)];
  const before = await channelsSnapshot(db, customerId);
  if (ids.length) {
    const found = await db
      .select({ id: shippingChannels.id })
      .from(shippingChannels)
      .where(inArray(shippingChannels.id, ids));
    if (found.length !== ids.length) throw invalid([{ path: 'channelIds', descriptor: m.channelInvalid }]);
  }
  await db
    .delete(customerChannels)
    .where(
      and(
        eq(customerChannels.customerId, customerId),
        ids.length ? notInArray(customerChannels.channelId, ids) : undefined,
      ),
    );
  if (ids.length)
    await db
      .insert(customerChannels)
      .values(ids.map((channelId) => ({ customerId, channelId })))
      .onConflictDoNothing();
  await db
    .update(customerProfiles)
    .set({ defaultChannelId: null })
    .where(
      and(
        eq(customerProfiles.customerId, customerId),
        ids.length ? notInArray(customerProfiles.defaultChannelId, ids) : undefined,
      ),
    );
  await recordChange(db, {
    entity: 'customerChannels',
    recordId: customerId,
    action: 'update',
    before,
    after: await channelsSnapshot(db, customerId),
  });
}

/** The enabled channels assigned to a customer, by code: what it may order with. */
export async function usableChannels(db: Db, customerId: number, locale: Locale) {
  const rows = await db
    .select({
      id: shippingChannels.id,
      code: shippingChannels.code,
      name: shippingChannels.name,
      nameEn: shippingChannels.nameEn,
    })
    .from(customerChannels)
    .innerJoin(shippingChannels, eq(shippingChannels.id, customerChannels.channelId))
    .where(and(eq(customerChannels.customerId, customerId), eq(shippingChannels.status, Enabled.enabled)))
    .orderBy(asc(shippingChannels.code));
  return rows.map((c) => ({ recId: c.id, code: c.code, name: carrierName(c, locale) }));
}
