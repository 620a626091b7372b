import { sql } from 'drizzle-orm';
import type { OrderDetail } from '../../../shared/contract/order.ts';
import { limitIssues } from '../../../shared/domain/channel-limits.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { type EntryIssue, orderEntryIssues } from '../../../shared/domain/order-entry.ts';
import { weightsOf } from '../../../shared/domain/order-fees.ts';
import { AbnormalKind, OrderNode } from '../../../shared/domain/order-rules.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { orderMessages as m } from '../../../shared/i18n/order-messages.ts';
import { type Db, inTransaction, namedStatement, preparedOnce, together } from '../../db/client.ts';
import { NAMES_VERSION } from '../../db/master-names.ts';
import { orderEvents, orderGoods, orderRemarks, orders } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import { allowedImages } from '../../files/image-refs.ts';
import { isCustomerAccount } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import { rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { flagAbnormal, invalidFields } from '../order-core/order-store.ts';
import { chainAvailable, regionChain } from '../region/region.service.ts';
import { matchSensitiveWords } from '../sensitive-word/find-sensitive-words.ts';
import { emit, hooked, orderRef } from '../webhook-emit/webhook-emit.ts';
import { createdDetail } from './order-create-answer.ts';
import { checkChannel, type OrderInput, type PrefetchedEntry, readEntry } from './order-create-entry.ts';
import { readDetail } from './order-detail.service.ts';

type CreateStamp = {
  no: string;
  version: number;
  node: { nameCn: string; nameEn: string; nameAr: string } | null;
  hooked: boolean;
};

/**
 * The new order's tracking number (drawn here; the insert sent behind it takes it), with what its
 * answer names beside the rows it writes: the names' stamp (master-names.ts), the standard
 * tracking node naming its created event, and whether the customer has an endpoint taking
 * `order.created` (the outbox's statement only then).
 */
const createStamp = namedStatement<CreateStamp>(
  'order_create_no',
  () => sql`SELECT
  'GL' || lpad(nextval('order_tracking_no_seq')::text, 10, '0') AS no,
  ${NAMES_VERSION} AS version, ${hooked(sql.placeholder('customerId'), 'order.created')},
  (SELECT json_build_object('nameCn', name_cn, 'nameEn', name_en, 'nameAr', name_ar)
    FROM tracking_settings WHERE code = ${OrderNode.created}) AS node`,
);

/**
 * The new order's id and tracking number as the statements sent behind the stamp see them: the
 * stamp draws the number (nextval), the order's insert takes it (currval), and its goods, event
 * and remark take the order's id (currval of its sequence), so all go out in one write.
 */
const NEW_NO = sql`'GL' || lpad(currval('order_tracking_no_seq')::text, 10, '0')`;
const NEW_ID = sql`currval('orders_id_seq')`;
/** A value sent as it is: a placeholder no column's encoder sees (see preparedOnce). */
const given = (name: string) => sql`${sql.placeholder(name)}`;
/** A decimal as Drizzle's numeric columns send one (String), null kept. */
const decimal = (v: string | number | null | undefined) => (v === null || v === undefined ? null : String(v));

/**
 * The create's inserts, each built once per connection (preparedOnce): the values are
 * placeholders, the rows come back mapped as the builder's own queries map them.
 */
const insertOrder = (db: Db) =>
  preparedOnce(db, 'order_create_insert', (d) =>
    d
      .insert(orders)
      .values({
        customerId: given('customerId'),
        channelId: given('channelId'),
        consigneeCountryId: given('countryId'),
        trackingNo: NEW_NO,
        status: OrderStatus.created,
        customerNo: sql`COALESCE(${sql.placeholder('customerNo')}::text, ${NEW_NO})`,
        createdBy: given('createdBy'),
        senderName: given('senderName'),
        senderPhone: given('senderPhone'),
        senderCompany: given('senderCompany'),
        senderRegionId: given('senderRegionId'),
        senderAddress: given('senderAddress'),
        senderPostcode: given('senderPostcode'),
        consigneeName: given('consigneeName'),
        consigneePhone: given('consigneePhone'),
        consigneePhone2: given('consigneePhone2'),
        consigneeEmail: given('consigneeEmail'),
        consigneeProvinceId: given('provinceId'),
        consigneeCityId: given('cityId'),
        consigneeDistrictId: given('districtId'),
        consigneeProvince: given('province'),
        consigneeCity: given('city'),
        consigneeDistrict: given('district'),
        consigneeAddress: given('consigneeAddress'),
        consigneePostcode: given('consigneePostcode'),
        packingType: given('packingType'),
        packageCount: given('packageCount'),
        declaredWeight: given('declaredWeight'),
        length: given('length'),
        width: given('width'),
        height: given('height'),
        volumeWeight: given('volumeWeight'),
        chargeableWeight: given('chargeableWeight'),
        isCod: given('isCod'),
        codAmount: given('codAmount'),
        codCurrency: given('codCurrency'),
        payment: given('payment'),
      })
      .returning()
      .prepare('order_create_insert'),
  );

/** A goods line as the create writes it (the order's id and the line's number added). */
type GoodsLine = Required<Omit<typeof orderGoods.$inferInsert, 'id' | 'orderId' | 'lineNo'>>;
/** Orders of up to this many goods lines insert them with a statement built once per count. */
const GOODS_PREPARED = 4;

/** The order's goods lines (the order's id is the one its insert drew). */
function insertGoods(db: Db, lines: GoodsLine[]) {
  if (lines.length === 0 || lines.length > GOODS_PREPARED)
    return db
      .insert(orderGoods)
      .values(lines.map((line, i) => ({ orderId: NEW_ID, lineNo: i + 1, ...line })))
      .returning()
      .execute();
  const name = `order_create_goods_${lines.length}`;
  const values: Record<string, unknown> = {};
  lines.forEach((line, i) => {
    for (const [field, value] of Object.entries(line)) values[`${field}${i}`] = value;
  });
  return preparedOnce(db, name, (d) =>
    d
      .insert(orderGoods)
      .values(
        lines.map((_, i) => ({
          orderId: NEW_ID,
          lineNo: i + 1,
          nameEn: given(`nameEn${i}`),
          nameCn: given(`nameCn${i}`),
          quantity: given(`quantity${i}`),
          hsCode: given(`hsCode${i}`),
          unitPrice: given(`unitPrice${i}`),
          currency: given(`currency${i}`),
          specification: given(`specification${i}`),
          sensitiveWords: given(`sensitiveWords${i}`),
          sensitiveHit: given(`sensitiveHit${i}`),
          images: given(`images${i}`),
        })),
      )
      .returning()
      .prepare(name),
  ).execute(values);
}

/** The order's first event: its own status and time (created_at is now(): one instant a transaction). */
const insertEvent = (db: Db) =>
  preparedOnce(db, 'order_create_event', (d) =>
    d
      .insert(orderEvents)
      .values({
        orderId: NEW_ID,
        node: OrderNode.created,
        status: OrderStatus.created,
        operatorId: given('operatorId'),
        occurredAt: sql`now()`,
      })
      .returning()
      .prepare('order_create_event'),
  );

const insertRemark = (db: Db) =>
  preparedOnce(db, 'order_create_remark', (d) =>
    d
      .insert(orderRemarks)
      .values({ orderId: NEW_ID, content: given('content'), createdBy: given('createdBy') })
      .returning()
      .prepare('order_create_remark'),
  );

/** order/create: checks every field (all problems at once, 400), then writes the order and its first event. */
export async function createOrder(
  db: Db,
  user: AuthUser,
  input: OrderInput,
  t: Translate,
  locale: Locale,
  /** readEntry's answer when it went out with the call's claim (prefetchEntry). */
  prefetched?: PrefetchedEntry,
): Promise<OrderDetail> {
  if (prefetched && 'failed' in prefetched) throw prefetched.failed;
  const read = prefetched?.read ?? (await readEntry(db, user, input));
  const { customerId, texts, givenRegion, chain, channelRow, cod, defaulted, givenChain, words, clash } =
    read;
  const issues: EntryIssue[] = orderEntryIssues(input);
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
  const volumeDivisor = read.volumeDivisor!;
  const weights = weightsOf(volumeDivisor, {
    weightKg: input.weight,
    lengthCm: input.length,
    widthCm: input.width,
    heightCm: input.height,
  });
  const customerNoTaken = () => rule(m.customerNoTaken, { no: input.customerNo });
  if (clash?.length) throw customerNoTaken();
  const none = async () => null;

  try {
    return await inTransaction(db, async (tx) => {
      // The default sender's chain is named in the answer only: read in the same write.
      const defaultRegion = input.sender ? null : (sender!.regionId ?? null);
      // The stamp, the order, its goods, first event and remark: one write, answered in order. Each
      // is sent when called (`execute`, not a builder's `then`, which a promise job calls later), so
      // they reach the database in this order: currval reads what the statements before it drew.
      const [[seq], [o], goods, [event], [remark], defaultChain] = await together(tx, [
        () => createStamp(tx, { customerId }),
        () =>
          insertOrder(tx).execute({
            customerId,
            channelId: input.channelId,
            countryId: chain![0]!.id,
            customerNo: input.customerNo ?? null,
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
            provinceId: at(1)?.id ?? null,
            cityId: at(2)?.id ?? null,
            districtId: at(3)?.id ?? null,
            province: at(1)?.name_en ?? '',
            city: at(2)?.name_en ?? '',
            district: at(3)?.name_en ?? '',
            consigneeAddress: input.consignee.address,
            consigneePostcode: input.consignee.postcode,
            packingType: Number(input.packingType),
            packageCount: Number(input.packageCount),
            declaredWeight: decimal(input.weight),
            length: decimal(input.length),
            width: decimal(input.width),
            height: decimal(input.height),
            volumeWeight: decimal(weights.volumeWeight),
            chargeableWeight: decimal(weights.chargeableWeight),
            isCod: input.isCod,
            codAmount: input.isCod ? decimal(input.codAmount!) : '0',
            codCurrency: input.isCod ? input.codCurrency! : '',
            payment: input.payment !== undefined ? Number(input.payment) : input.isCod ? 1 : 0,
          }),
        () =>
          insertGoods(
            tx,
            input.goods.map((g, i) => ({
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
          ),
        () => insertEvent(tx).execute({ operatorId: user.id }),
        () =>
          input.remark
            ? insertRemark(tx).execute({ content: input.remark, createdBy: user.id })
            : Promise.resolve([]),
        () => (defaultRegion ? regionChain(tx, defaultRegion) : none()),
      ]);
      // Only when the customer has an endpoint taking it (read with the stamp): no statement else.
      if (seq!.hooked)
        await emit(tx, o!.customerId, 'order.created', {
          order: orderRef(o!),
          createdAt: o!.createdAt.toISOString(),
        });
      const flagged = [...new Set(hits.flat())];
      if (flagged.length) {
        await flagAbnormal(tx, o!, AbnormalKind.sensitiveGoods, { words: flagged });
        return readDetail(tx, o!.id, t, locale, isCustomerAccount(user));
      }
      const senderChain = (givenRegion ? givenChain : defaultChain) ?? [];
      const written = { order: o!, goods, event: event!, remark, senderChain, volumeDivisor };
      return createdDetail(tx, { ...written, namesVersion: seq!.version, createdNode: seq!.node }, t, locale);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw customerNoTaken();
    throw err;
  }
}
