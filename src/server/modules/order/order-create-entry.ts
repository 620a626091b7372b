import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { order as contract } from '../../../shared/contract/order.ts';
import { type ChannelLimits, NO_LIMITS } from '../../../shared/domain/channel-limits.ts';
import { decodeProperty } from '../../../shared/domain/customer.ts';
import { Enabled, type Locale } from '../../../shared/domain/enums.ts';
import type { EntryIssue } from '../../../shared/domain/order-entry.ts';
import { orderMessages as m } from '../../../shared/i18n/order-messages.ts';
import { type Db, preparedOnce, together } from '../../db/client.ts';
import {
  channelPrices,
  customerChannels,
  customerProperties,
  customerRegions,
  customers,
  orders,
  shippingChannels,
} from '../../db/schema/index.ts';
import { localName } from '../../db/sql-helpers.ts';
import { customerScope } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { divisorOf } from '../order-core/order-fees.ts';
import { invalidFields } from '../order-core/order-store.ts';
import { regionChain } from '../region/region.service.ts';
import { blankTexts, readSensitiveWords } from '../sensitive-word/find-sensitive-words.ts';

export type OrderInput = z.output<NonNullable<typeof contract.create.body>>;

/** The customer an order is for: a customer account's own; for staff the one named (required). */
export async function customerFor(db: Db, user: AuthUser, given: number | undefined): Promise<number> {
  const scope = customerScope(user);
  if (scope !== null) {
    if (given !== undefined && given !== scope) throw notFound();
    return scope;
  }
  const issue = [{ path: 'customerId', descriptor: m.customerRequired }];
  if (given === undefined) throw invalidFields(issue);
  const [found] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, given));
  if (!found) throw invalidFields(issue);
  return given;
}

type Chain = Awaited<ReturnType<typeof regionChain>>;

/**
 * The consignee's region path, country first, must be one enabled chain of the region tree and go
 * down to the city at least, or to the deepest level the tree has there.
 */
export async function consigneeChain(db: Db, ids: number[]): Promise<Chain | null> {
  const chain = await regionChain(db, ids[ids.length - 1]!);
  const same = chain.length === ids.length && chain.every((r, i) => r.id === ids[i]);
  if (!same || chain[0]?.level !== 0 || chain.some((r) => r.status !== Enabled.enabled)) return null;
  const last = chain[chain.length - 1]!;
  if (last.level >= 2) return chain;
  const [child] = (
    await db.execute<{ id: number }>(
      sql`SELECT id FROM regions WHERE parent_id = ${last.id} AND status = ${Enabled.enabled} LIMIT 1`,
    )
  ).rows;
  return child ? null : chain;
}

/**
 * The channel must be enabled and assigned to the customer (customer/setChannels), whoever enters
 * the order: staff entering an order for a customer choose among that customer's channels too. It
 * must serve the destination country (its own country, or a price rule for it). Read with the
 * volume divisors (the channel's, the customer's property) the order's weights are computed with.
 */
const channelOf = (db: Db, customerId: number, channelId: number) =>
  preparedOnce(db, 'order_entry_channel_divisor', (d) => {
    const customer = sql.placeholder('customerId');
    return d
      .select({
        status: shippingChannels.status,
        countryId: shippingChannels.countryId,
        maxWeight: shippingChannels.maxWeight,
        currencyLimits: shippingChannels.currencyLimits,
        assigned: sql<boolean>`EXISTS (SELECT 1 FROM ${customerChannels} WHERE ${customerChannels.customerId} = ${customer} AND ${customerChannels.channelId} = ${shippingChannels.id})`,
        channelDivisor: shippingChannels.volumeDivisor,
        customerDivisor: sql<
          string | null
        >`(SELECT ${customerProperties.value} FROM ${customerProperties} WHERE ${customerProperties.customerId} = ${customer} AND ${customerProperties.key} = 'volumeDivisor')`,
      })
      .from(shippingChannels)
      .where(eq(shippingChannels.id, sql.placeholder('channelId')))
      .prepare('order_entry_channel_divisor');
  }).execute({ customerId, channelId });

/** The channel's problem, if any, and its plausibility limits (none for a channel the customer may not use). */
export async function checkChannel(
  db: Db,
  [channel]: Awaited<ReturnType<typeof channelOf>>,
  channelId: number,
  countryId: number | null,
  locale: Locale,
): Promise<{ issue: EntryIssue | null; limits: ChannelLimits }> {
  if (!channel || channel.status !== Enabled.enabled || !channel.assigned)
    return { issue: { path: 'channelId', descriptor: m.channelNotAllowed }, limits: NO_LIMITS };
  const limits = { maxWeight: channel.maxWeight, currencyLimits: channel.currencyLimits };
  if (countryId === null || channel.countryId === countryId) return { issue: null, limits };
  const rules = await db
    .select({ countryId: channelPrices.countryId })
    .from(channelPrices)
    .where(eq(channelPrices.channelId, channelId));
  if (rules.length === 0 || rules.some((r) => r.countryId === countryId)) return { issue: null, limits };
  const [country] = (
    await db.execute<{ name_cn: string; name_en: string; name_ar: string }>(
      sql`SELECT name_cn, name_en, name_ar FROM regions WHERE id = ${countryId}`,
    )
  ).rows;
  const name = country
    ? localName({ nameCn: country.name_cn, nameEn: country.name_en, nameAr: country.name_ar }, locale)
    : '';
  return { issue: { path: 'channelId', descriptor: m.channelNotServing, values: { country: name } }, limits };
}

const customerNoClash = (db: Db, customerId: number, customerNo: string) =>
  preparedOnce(db, 'order_entry_customer_no', (d) =>
    d
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.customerId, sql.placeholder('customerId')),
          eq(orders.customerNo, sql.placeholder('customerNo')),
        ),
      )
      .prepare('order_entry_customer_no'),
  ).execute({ customerId, customerNo });

async function codAllowed(db: Db, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ value: customerProperties.value })
    .from(customerProperties)
    .where(and(eq(customerProperties.customerId, customerId), eq(customerProperties.key, 'codAllowed')));
  return decodeProperty('codAllowed', row?.value ?? null);
}

async function defaultSender(db: Db, customerId: number) {
  const [row] = await preparedOnce(db, 'order_entry_sender', (d) =>
    d
      .select()
      .from(customerRegions)
      .where(
        and(eq(customerRegions.customerId, sql.placeholder('customerId')), eq(customerRegions.isDefault, 1)),
      )
      .limit(1)
      .prepare('order_entry_sender'),
  ).execute({ customerId });
  return row
    ? {
        name: row.contact,
        phone: row.phone,
        company: '',
        regionId: row.regionId,
        address: row.address,
        postcode: row.postCode,
      }
    : null;
}

/**
 * What order/create reads before it writes: the customer, then the checks' reads (consignee chain,
 * channel with the volume divisors, COD right, default sender, sender chain, sensitive words,
 * customer number) in one round trip inside a transaction (together). For a call made with an API
 * key and an Idempotency-Key this goes out with the key's claim (prefetchEntry).
 */
export async function readEntry(db: Db, user: AuthUser, input: OrderInput) {
  const customerId = await customerFor(db, user, input.customerId);
  const texts = input.goods.map((g) => `${g.nameEn} ${g.nameCn}`);
  const givenRegion = input.sender?.regionId ?? null;
  const none = async () => null;
  const [chain, channelRow, cod, defaulted, givenChain, words, clash] = await together(db, [
    () => consigneeChain(db, input.consignee.regionIds),
    () => channelOf(db, customerId, input.channelId),
    () => (input.isCod ? codAllowed(db, customerId) : none()),
    () => (input.sender ? none() : defaultSender(db, customerId)),
    () => (givenRegion ? regionChain(db, givenRegion) : none()),
    () => (blankTexts(texts) ? none() : readSensitiveWords(db)),
    () => (input.customerNo ? customerNoClash(db, customerId, input.customerNo) : none()),
  ]);
  const [channel] = channelRow;
  const volumeDivisor = channel ? divisorOf(channel.customerDivisor, channel.channelDivisor) : null;
  return {
    customerId,
    texts,
    givenRegion,
    chain,
    channelRow,
    cod,
    defaulted,
    givenChain,
    words,
    clash,
    volumeDivisor,
  };
}

export type EntryRead = Awaited<ReturnType<typeof readEntry>>;

/** readEntry's answer or its failure, kept for the handler (prefetchEntry). */
export type PrefetchedEntry = { read: EntryRead } | { failed: unknown } | undefined;

/**
 * order/create's prefetch (bind.ts): when the caller is known before the claim (an API key), its
 * reads go out in the claim's round trip. A failure (a customer named that is not the key's) is
 * kept and thrown by the handler, so it is answered, and recorded under the key, as before.
 */
export const prefetchEntry = (
  input: { body: OrderInput },
  tx: Db,
  user: AuthUser | undefined,
): Promise<PrefetchedEntry> =>
  user
    ? readEntry(tx, user, input.body).then(
        (read) => ({ read }),
        (failed: unknown) => ({ failed }),
      )
    : Promise.resolve(undefined);
