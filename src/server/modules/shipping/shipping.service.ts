import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { CarrierOption } from '../../../shared/contract/carrier.ts';
import type {
  ChannelCarrier,
  ChannelDetail,
  ChannelOption,
  ChannelRecord,
  shipping as contract,
  PriceRuleRecord,
} from '../../../shared/contract/shipping.ts';
import { AccountType, Enabled, type Locale } from '../../../shared/domain/enums.ts';
import { recordChanges } from '../../audit/record.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  carriers,
  channelCarriers,
  channelPrices,
  customerChannels,
  regions,
  shippingChannels,
} from '../../db/schema/index.ts';
import { escapeLike, localName } from '../../db/sql-helpers.ts';
import type { AuthUser } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { carrierOptions } from '../carrier/carrier.service.ts';

type ListQuery = z.output<NonNullable<typeof contract.list.body>>;
export type Conn = Db | Tx;

const country = alias(regions, 'country');

type ChannelRow = {
  channel: typeof shippingChannels.$inferSelect;
  country: typeof regions.$inferSelect | null;
};

/** The carriers of each channel, in the channel's order. */
async function carriersOf(db: Conn, ids: number[]): Promise<Map<number, ChannelCarrier[]>> {
  const out = new Map<number, ChannelCarrier[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db
    .select({ channelId: channelCarriers.channelId, carrier: carriers })
    .from(channelCarriers)
    .innerJoin(carriers, eq(carriers.id, channelCarriers.carrierId))
    .where(inArray(channelCarriers.channelId, ids))
    .orderBy(asc(channelCarriers.sort), asc(carriers.code));
  for (const { channelId, carrier: c } of rows)
    out.get(channelId)?.push({ recId: c.id, code: c.code, name: c.name, nameEn: c.nameEn, status: c.status });
  return out;
}

/** The country codes each channel's price rules cover, by code. */
async function pricedCountriesOf(db: Conn, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db
    .select({ channelId: channelPrices.channelId, code: regions.code })
    .from(channelPrices)
    .innerJoin(regions, eq(regions.id, channelPrices.countryId))
    .where(inArray(channelPrices.channelId, ids))
    .orderBy(asc(regions.code));
  for (const r of rows) out.get(r.channelId)?.push(r.code);
  return out;
}

async function toRecords(db: Conn, rows: ChannelRow[], locale: Locale): Promise<ChannelRecord[]> {
  const ids = rows.map((r) => r.channel.id);
  const [carrierMap, priced] = await Promise.all([carriersOf(db, ids), pricedCountriesOf(db, ids)]);
  return rows.map(({ channel: c, country: k }) => ({
    recId: c.id,
    code: c.code,
    name: c.name,
    nameEn: c.nameEn,
    serviceType: c.serviceType,
    segments: c.segments,
    countryId: c.countryId,
    countryCode: k?.code ?? null,
    countryName: k ? localName(k, locale) : null,
    volumeDivisor: c.volumeDivisor,
    ladingType: c.ladingType,
    status: c.status,
    remark: c.remark,
    carriers: carrierMap.get(c.id) ?? [],
    pricedCountries: priced.get(c.id) ?? [],
    maxWeight: c.maxWeight,
    currencyLimits: c.currencyLimits,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  }));
}

const selectChannels = (db: Conn) =>
  db
    .select({ channel: shippingChannels, country })
    .from(shippingChannels)
    .leftJoin(country, eq(country.id, shippingChannels.countryId));

export async function listChannels(db: Db, q: ListQuery, locale: Locale) {
  const where: SQL[] = [];
  if (q.code) where.push(ilike(shippingChannels.code, `${escapeLike(q.code)}%`));
  if (q.name) {
    const like = `%${escapeLike(q.name)}%`;
    where.push(or(ilike(shippingChannels.name, like), ilike(shippingChannels.nameEn, like))!);
  }
  if (q.status !== undefined) where.push(eq(shippingChannels.status, q.status));
  if (q.serviceType !== undefined) where.push(eq(shippingChannels.serviceType, q.serviceType));
  if (q.segment !== undefined) where.push(sql`${q.segment}::smallint = ANY(${shippingChannels.segments})`);
  if (q.carrierId !== undefined)
    where.push(
      sql`EXISTS (SELECT 1 FROM ${channelCarriers} WHERE ${channelCarriers.channelId} = ${shippingChannels.id} AND ${channelCarriers.carrierId} = ${q.carrierId})`,
    );
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    selectChannels(db)
      .where(cond)
      .orderBy(asc(shippingChannels.code))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(shippingChannels).where(cond),
  ]);
  return {
    records: await toRecords(db, rows, locale),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

async function pricesOf(db: Conn, channelId: number, locale: Locale): Promise<PriceRuleRecord[]> {
  const rows = await db
    .select({
      price: channelPrices,
      country: regions,
      // Stored as a fraction (0.0150), sent as a percentage (1.50).
      codFeeRate: sql<string>`round(${channelPrices.codFeeRate} * 100, 2)::text`,
    })
    .from(channelPrices)
    .innerJoin(regions, eq(regions.id, channelPrices.countryId))
    .where(eq(channelPrices.channelId, channelId))
    .orderBy(asc(regions.sort), asc(regions.code));
  return rows.map(({ price: p, country: k, codFeeRate }) => ({
    recId: p.id,
    countryId: p.countryId,
    countryCode: k.code,
    countryName: localName(k, locale),
    currency: p.currency,
    firstWeight: p.firstWeight,
    firstPrice: p.firstPrice,
    stepWeight: p.stepWeight,
    stepPrice: p.stepPrice,
    codFeeRate,
    minCodFee: p.minCodFee,
  }));
}

export async function getChannel(db: Conn, id: number, locale: Locale): Promise<ChannelDetail> {
  const rows = await selectChannels(db).where(eq(shippingChannels.id, id));
  if (!rows.length) throw notFound();
  const [record] = await toRecords(db, rows, locale);
  return { ...record!, prices: await pricesOf(db, id, locale) };
}

/** Enables or disables every listed channel; one unknown id refuses the whole call. */
export async function setChannelStatus(db: Db, ids: number[], status: number): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const before = await tx
      .select({ id: shippingChannels.id, status: shippingChannels.status })
      .from(shippingChannels)
      .where(inArray(shippingChannels.id, unique))
      .for('update');
    if (before.length !== unique.length) throw notFound();
    await tx
      .update(shippingChannels)
      .set({ status, updatedAt: new Date() })
      .where(inArray(shippingChannels.id, unique));
    await recordChanges(
      tx as unknown as Db,
      before
        .filter((r) => r.status !== status)
        .map((r) => ({
          entity: 'channel' as const,
          recordId: r.id,
          action: status === Enabled.enabled ? 'enable' : 'disable',
          before: { status: r.status },
          after: { status },
        })),
    );
    return unique.length;
  });
}

const optionColumns = {
  recId: shippingChannels.id,
  code: shippingChannels.code,
  name: shippingChannels.name,
  nameEn: shippingChannels.nameEn,
  serviceType: shippingChannels.serviceType,
  countryCode: country.code,
  enabled: sql<boolean>`${shippingChannels.status} = ${Enabled.enabled}`,
  maxWeight: shippingChannels.maxWeight,
  currencyLimits: shippingChannels.currencyLimits,
};

/** Channels for pickers, by code: the enabled ones, or all. */
export async function channelOptions(db: Db, includeDisabled = false): Promise<ChannelOption[]> {
  return db
    .select(optionColumns)
    .from(shippingChannels)
    .leftJoin(country, eq(country.id, shippingChannels.countryId))
    .where(includeDisabled ? undefined : eq(shippingChannels.status, Enabled.enabled))
    .orderBy(asc(shippingChannels.code));
}

/**
 * The enabled channels an order may be entered with: for a customer account those assigned to its
 * own customer (by the session, never by a request field); for staff those assigned to the
 * customer they enter it for (`customerId`: what order/create accepts), or all of them without one.
 */
export async function shippingsFor(
  db: Db,
  user: AuthUser,
  customerId: number | undefined,
): Promise<ChannelOption[]> {
  const scope = user.type === AccountType.admin ? customerId : (user.customerId ?? null);
  if (scope === undefined) return channelOptions(db);
  if (scope === null) return [];
  return db
    .select(optionColumns)
    .from(customerChannels)
    .innerJoin(shippingChannels, eq(shippingChannels.id, customerChannels.channelId))
    .leftJoin(country, eq(country.id, shippingChannels.countryId))
    .where(and(eq(customerChannels.customerId, scope), eq(shippingChannels.status, Enabled.enabled)))
    .orderBy(asc(shippingChannels.code));
}

/**
 * The enabled carriers of a channel, in its order; without a channel, every enabled carrier (what a
 * new channel may choose from).
 */
export async function optionalCarriers(db: Db, shippingId: number | undefined): Promise<CarrierOption[]> {
  if (shippingId === undefined) return carrierOptions(db);
  const [found] = await db
    .select({ id: shippingChannels.id })
    .from(shippingChannels)
    .where(eq(shippingChannels.id, shippingId));
  if (!found) throw notFound();
  const rows = await db
    .select({ carrier: carriers, countryCode: country.code })
    .from(channelCarriers)
    .innerJoin(carriers, eq(carriers.id, channelCarriers.carrierId))
    .leftJoin(country, eq(country.id, carriers.countryId))
    .where(and(eq(channelCarriers.channelId, shippingId), eq(carriers.status, Enabled.enabled)))
    .orderBy(asc(channelCarriers.sort), asc(carriers.code));
  return rows.map(({ carrier: c, countryCode }) => ({
    recId: c.id,
    code: c.code,
    name: c.name,
    nameEn: c.nameEn,
    countryCode,
    lastMile: c.lastMile === 1,
  }));
}
