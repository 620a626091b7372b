import { sql } from 'drizzle-orm';
import type { OrderDetail } from '../../../shared/contract/order.ts';
import { limitIssues } from '../../../shared/domain/channel-limits.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { type EntryIssue, orderEntryIssues } from '../../../shared/domain/order-entry.ts';
import { weightsOf } from '../../../shared/domain/order-fees.ts';
import { AbnormalKind, OrderNode } from '../../../shared/domain/order-rules.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { orderMessages as m } from '../../../shared/i18n/order-messages.ts';
import { type Db, inTransaction, runNamed, together } from '../../db/client.ts';
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
const createStamp = (customerId: number) => sql`SELECT
  'GL' || lpad(nextval('order_tracking_no_seq')::text, 10, '0') AS no,
  ${NAMES_VERSION} AS version, ${hooked(customerId, 'order.created')},
  (SELECT json_build_object('nameCn', name_cn, 'nameEn', name_en, 'nameAr', name_ar)
    FROM tracking_settings WHERE code = ${OrderNode.created}) AS node`;

/**
 * The new order's id and tracking number as the statements sent behind the stamp see them: the
 * stamp draws the number (nextval), the order's insert takes it (currval), and its goods, event
 * and remark take the order's id (currval of its sequence), so all go out in one write.
 */
const NEW_NO = sql`'GL' || lpad(currval('order_tracking_no_seq')::text, 10, '0')`;
const NEW_ID = sql`currval('orders_id_seq')`;
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
        () => runNamed<CreateStamp>(tx, 'order_create_no', createStamp(customerId)),
        () =>
          tx
            .insert(orders)
            .values({
              customerId,
              channelId: input.channelId,
              consigneeCountryId: chain![0]!.id,
              trackingNo: NEW_NO,
              status: OrderStatus.created,
              customerNo: input.customerNo ?? NEW_NO,
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
            .returning()
            .execute(),
        () =>
          tx
            .insert(orderGoods)
            .values(
              input.goods.map((g, i) => ({
                orderId: NEW_ID,
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
            .returning()
            .execute(),
        () =>
          tx
            .insert(orderEvents)
            .values({
              orderId: NEW_ID,
              node: OrderNode.created,
              // The order's own status and time (created_at is now(): one instant a transaction).
              status: OrderStatus.created,
              operatorId: user.id,
              occurredAt: sql`now()`,
            })
            .returning()
            .execute(),
        () =>
          input.remark
            ? tx
                .insert(orderRemarks)
                .values({ orderId: NEW_ID, content: input.remark, createdBy: user.id })
                .returning()
                .execute()
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
