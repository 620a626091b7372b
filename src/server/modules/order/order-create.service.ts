import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { order as contract, OrderDetail } from '../../../shared/contract/order.ts';
import { type ChannelLimits, limitIssues, NO_LIMITS } from '../../../shared/domain/channel-limits.ts';
import { decodeProperty } from '../../../shared/domain/customer.ts';
import { Enabled, type Locale } from '../../../shared/domain/enums.ts';
import { type EntryIssue, orderEntryIssues } from '../../../shared/domain/order-entry.ts';
import { weightsOf } from '../../../shared/domain/order-fees.ts';
import { AbnormalKind, OrderNode } from '../../../shared/domain/order-rules.ts';
import { orderMessages as m } from '../../../shared/i18n/order-messages.ts';
import { type Db, inTransaction, runNamed, together } from '../../db/client.ts';
import { NAMES_VERSION } from '../../db/master-names.ts';
import {
  channelPrices,
  customerChannels,
  customerProperties,
  customerRegions,
  customers,
  orderEvents,
  orderGoods,
  orderRemarks,
  orders,
  shippingChannels,
} from '../../db/schema/index.ts';
import { isUniqueViolation, localName } from '../../db/sql-helpers.ts';
import { allowedImages } from '../../files/image-refs.ts';
import { customerScope, isCustomerAccount } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import { notFound, rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { volumeDivisorOf } from '../order-core/order-fees.ts';
import { flagAbnormal, invalidFields } from '../order-core/order-store.ts';
import { chainAvailable, regionChain } from '../region/region.service.ts';
import {
  blankTexts,
  matchSensitiveWords,
  readSensitiveWords,
} from '../sensitive-word/find-sensitive-words.ts';
import { emit, hooked, orderRef } from '../webhook-emit/webhook-emit.ts';
import { createdDetail } from './order-create-answer.ts';
import { readDetail } from './order-detail.service.ts';

type OrderInput = z.output<NonNullable<typeof contract.create.body>>;

type CreateStamp = {
  no: string;
  version: number;
  node: { nameCn: string; nameEn: string; nameAr: string } | null;
  hooked: boolean;
};

/**
 * The new order's tracking number, with what its answer names beside the rows it writes: the
 * names' stamp (master-names.ts), the standard tracking node naming its created event, and
 * whether the customer has an endpoint taking `order.created` (the outbox's statement only then).
 */
const createStamp = (customerId: number) => sql`SELECT
  'GL' || lpad(nextval('order_tracking_no_seq')::text, 10, '0') AS no,
  ${NAMES_VERSION} AS version, ${hooked(customerId, 'order.created')},
  (SELECT json_build_object('nameCn', name_cn, 'nameEn', name_en, 'nameAr', name_ar)
    FROM tracking_settings WHERE code = ${OrderNode.created}) AS node`;

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
 * must serve the destination country (its own country, or a price rule for it). Answers its
 * problem, if any, and its plausibility limits (none for a channel the customer may not use).
 */
const channelOf = (db: Db, customerId: number, channelId: number) =>
  db
    .select({
      status: shippingChannels.status,
      countryId: shippingChannels.countryId,
      maxWeight: shippingChannels.maxWeight,
      currencyLimits: shippingChannels.currencyLimits,
      assigned: sql<boolean>`EXISTS (SELECT 1 FROM ${customerChannels} WHERE ${customerChannels.customerId} = ${customerId} AND ${customerChannels.channelId} = ${shippingChannels.id})`,
    })
    .from(shippingChannels)
    .where(eq(shippingChannels.id, channelId))
    .prepare('order_entry_channel')
    .execute();

async function checkChannel(
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
  db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.customerNo, customerNo)))
    .prepare('order_entry_customer_no')
    .execute();

async function codAllowed(db: Db, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ value: customerProperties.value })
    .from(customerProperties)
    .where(and(eq(customerProperties.customerId, customerId), eq(customerProperties.key, 'codAllowed')));
  return decodeProperty('codAllowed', row?.value ?? null);
}

async function defaultSender(db: Db, customerId: number) {
  const [row] = await db
    .select()
    .from(customerRegions)
    .where(and(eq(customerRegions.customerId, customerId), eq(customerRegions.isDefault, 1)))
    .limit(1)
    .prepare('order_entry_sender')
    .execute();
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

/** order/create: checks every field (all problems at once, 400), then writes the order and its first event. */
export async function createOrder(
  db: Db,
  user: AuthUser,
  input: OrderInput,
  t: Translate,
  locale: Locale,
): Promise<OrderDetail> {
  const customerId = await customerFor(db, user, input.customerId);
  const issues: EntryIssue[] = orderEntryIssues(input);
  const texts = input.goods.map((g) => `${g.nameEn} ${g.nameCn}`);
  const givenRegion = input.sender?.regionId ?? null;
  const none = async () => null;
  // What the checks read, in one round trip inside the call's transaction (together).
  const [chain, channelRow, cod, defaulted, givenChain, words, clash] = await together(db, [
    () => consigneeChain(db, input.consignee.regionIds),
    () => channelOf(db, customerId, input.channelId),
    () => (input.isCod ? codAllowed(db, customerId) : none()),
    () => (input.sender ? none() : defaultSender(db, customerId)),
    () => (givenRegion ? regionChain(db, givenRegion) : none()),
    () => (blankTexts(texts) ? none() : readSensitiveWords(db)),
    () => (input.customerNo ? customerNoClash(db, customerId, input.customerNo) : none()),
  ]);
  if (!chain) issues.push({ path: 'consignee.regionIds', descriptor: m.regionInvalid });
  const channel = await checkChannel(db, channelRow, input.channelId, chain?.[0]?.id ?? null, locale);
  if (channel.issue) issues.push(channel.issue);
  issues.push(...limitIssues(channel.limits, input));
  if (input.isCod && !cod) issues.push({ path: 'isCod', descriptor: m.codNotAllowed });
  const sender = input.sender ?? defaulted;
  if (!sender) issues.push({ path: 'sender', descriptor: m.senderRequired });
  else if (givenRegion && !chainAvailable(givenChain ?? []))
    issues.push({ path: 'sender.regionId', descriptor: m.regionInvalid });
  if (issues.length) throw invalidFields(issues);

  const photos = await Promise.all(
    input.goods.map((g, i) => allowedImages(db, user, g.images, [], `goods.${i}.images`)),
  );
  const at = (level: number) => chain!.find((r) => r.level === level);
  const hits = words ? matchSensitiveWords(words, texts) : texts.map(() => []);
  const parcel = {
    weightKg: input.weight,
    lengthCm: input.length,
    widthCm: input.width,
    heightCm: input.height,
  };
  const customerNoTaken = () => rule(m.customerNoTaken, { no: input.customerNo });
  if (clash?.length) throw customerNoTaken();

  try {
    return await inTransaction(db, async (tx) => {
      const base = {
        customerId,
        channelId: input.channelId,
        consigneeCountryId: chain![0]!.id,
      };
      // The default sender's chain is named in the answer only: read with the number.
      const defaultRegion = input.sender ? null : (sender!.regionId ?? null);
      const [[seq], volumeDivisor, defaultChain] = await together(tx, [
        () => runNamed<CreateStamp>(tx, 'order_create_no', createStamp(customerId)),
        () => volumeDivisorOf(tx, base),
        () => (defaultRegion ? regionChain(tx, defaultRegion) : none()),
      ]);
      const senderChain = (givenRegion ? givenChain : defaultChain) ?? [];
      const trackingNo = seq!.no;
      const weights = weightsOf(volumeDivisor, parcel);
      const [created] = await tx
        .insert(orders)
        .values({
          ...base,
          trackingNo,
          customerNo: input.customerNo ?? trackingNo,
          createdBy: user.id,
          senderName: sender!.name,
          senderPhone: sender!.phone,
          senderCompany: sender!.company,
          senderRegionId: sender!.regionId,
          senderAddress: sender!.address,
          senderPostcode: sender!.postcode,
          consigneeName: input.consignee.name,
          consigneePhone: input.consignee.phone,
          consigneePhone2: input.consignee.phone2,
          consigneeEmail: input.consignee.email,
          consigneeProvinceId: at(1)?.id ?? null,
          consigneeCityId: at(2)?.id ?? null,
          consigneeDistrictId: at(3)?.id ?? null,
          consigneeProvince: at(1)?.name_en ?? '',
          consigneeCity: at(2)?.name_en ?? '',
          consigneeDistrict: at(3)?.name_en ?? '',
          consigneeAddress: input.consignee.address,
          consigneePostcode: input.consignee.postcode,
          packingType: Number(input.packingType),
          packageCount: Number(input.packageCount),
          declaredWeight: input.weight,
          length: input.length ?? null,
          width: input.width ?? null,
          height: input.height ?? null,
          volumeWeight: weights.volumeWeight,
          chargeableWeight: weights.chargeableWeight,
          isCod: input.isCod,
          codAmount: input.isCod ? input.codAmount! : '0',
          codCurrency: input.isCod ? input.codCurrency! : '',
          payment: input.payment !== undefined ? Number(input.payment) : input.isCod ? 1 : 0,
        })
        .returning();
      const o = created!;
      // The order's goods, first event, webhook and remark need only its id: sent together.
      const [goods, [event], , [remark]] = await together(tx, [
        () =>
          tx
            .insert(orderGoods)
            .values(
              input.goods.map((g, i) => ({
                orderId: o.id,
                lineNo: i + 1,
                nameEn: g.nameEn,
                nameCn: g.nameCn,
                quantity: Number(g.quantity),
                hsCode: g.hsCode,
                unitPrice: g.unitPrice,
                currency: g.currency,
                specification: g.specification,
                sensitiveWords: hits[i] ?? [],
                sensitiveHit: (hits[i]?.length ?? 0) > 0,
                images: photos[i]!,
              })),
            )
            .returning(),
        () =>
          tx
            .insert(orderEvents)
            .values({
              orderId: o.id,
              node: OrderNode.created,
              status: o.status,
              operatorId: user.id,
              occurredAt: o.createdAt,
            })
            .returning(),
        // Only when the customer has an endpoint taking it (read with the number): no statement else.
        () =>
          seq!.hooked
            ? emit(tx, o.customerId, 'order.created', {
                order: orderRef(o),
                createdAt: o.createdAt.toISOString(),
              })
            : none(),
        async () =>
          input.remark
            ? await tx
                .insert(orderRemarks)
                .values({ orderId: o.id, content: input.remark, createdBy: user.id })
                .returning()
            : [],
      ]);
      const words = [...new Set(hits.flat())];
      if (words.length) {
        await flagAbnormal(tx, o, AbnormalKind.sensitiveGoods, { words });
        return readDetail(tx, o.id, t, locale, isCustomerAccount(user));
      }
      const written = { order: o, goods, event: event!, remark, senderChain, volumeDivisor };
      return createdDetail(tx, { ...written, namesVersion: seq!.version, createdNode: seq!.node }, t, locale);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw customerNoTaken();
    throw err;
  }
}
