import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { OriginDetail, originInput } from '../../../shared/contract/origin-order.ts';
import { limitIssues } from '../../../shared/domain/channel-limits.ts';
import { Enabled, type Locale } from '../../../shared/domain/enums.ts';
import { type EntryIssue, isPhone, orderEntryIssues } from '../../../shared/domain/order-entry.ts';
import { OriginSource } from '../../../shared/domain/origin-order.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import { originOrderMessages as m } from '../../../shared/i18n/origin-order-messages.ts';
import type { Db } from '../../db/client.ts';
import { customers, originOrderGoods, originOrders, shippingChannels } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import type { AuthUser } from '../../http/context.ts';
import { rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { invalidFields } from '../order-core/order-store.ts';
import { originDetail } from './origin-detail.service.ts';

type OriginInput = z.output<typeof originInput>;

/** order-entry.ts speaks of the consignee and the customer no; here they are the receiver and the platform order no. */
const renamed = (issue: EntryIssue): EntryIssue => ({
  ...issue,
  path: issue.path === 'customerNo' ? 'platformOrderNo' : issue.path.replace(/^consignee\./, 'receiver.'),
});

/**
 * The parcel and goods rules of order/create (so the upload later passes them), the channel's
 * limits among them, plus the references.
 */
async function entryIssues(db: Db, input: OriginInput): Promise<EntryIssue[]> {
  const issues = orderEntryIssues({
    customerNo: input.platformOrderNo,
    weight: input.weight,
    length: input.length,
    width: input.width,
    height: input.height,
    packageCount: input.packageCount,
    isCod: input.isCod,
    codAmount: input.codAmount,
    codCurrency: input.codCurrency,
    consignee: { phone: input.receiver.phone, phone2: input.receiver.phone2 },
    goods: input.goods,
  }).map(renamed);
  if (input.sender.phone && !isPhone(input.sender.phone))
    issues.push({ path: 'sender.phone', descriptor: orderMessages.phoneInvalid });
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, input.customerId));
  if (!customer) issues.push({ path: 'customerId', descriptor: m.customerInvalid });
  const [channel] = await db
    .select({
      id: shippingChannels.id,
      maxWeight: shippingChannels.maxWeight,
      currencyLimits: shippingChannels.currencyLimits,
    })
    .from(shippingChannels)
    .where(and(eq(shippingChannels.id, input.channelId), eq(shippingChannels.status, Enabled.enabled)));
  if (!channel) issues.push({ path: 'channelId', descriptor: m.channelInvalid });
  // The channel's plausibility limits, which the upload (order/create) would refuse later.
  else issues.push(...limitIssues(channel, input).map(renamed));
  return issues;
}

/** foreignOrder/input: one origin order as the platform would have sent it, addresses not yet confirmed. */
export async function createOrigin(
  db: Db,
  user: AuthUser,
  input: OriginInput,
  t: Translate,
  locale: Locale,
): Promise<OriginDetail> {
  const issues = await entryIssues(db, input);
  if (issues.length) throw invalidFields(issues);
  const taken = () => rule(m.platformOrderNoTaken, { no: input.platformOrderNo, platform: input.platform });
  const [clash] = await db
    .select({ id: originOrders.id })
    .from(originOrders)
    .where(
      and(eq(originOrders.platform, input.platform), eq(originOrders.platformOrderNo, input.platformOrderNo)),
    );
  if (clash) throw taken();
  let id: number;
  try {
    id = await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const r = input.receiver;
      const s = input.sender;
      const [created] = await tx
        .insert(originOrders)
        .values({
          platform: input.platform,
          platformOrderNo: input.platformOrderNo,
          shopName: input.shopName,
          customerId: input.customerId,
          channelId: input.channelId,
          source: OriginSource.manual,
          receiverName: r.name,
          receiverPhone: r.phone,
          receiverPhone2: r.phone2,
          receiverEmail: r.email,
          receiverCountry: r.country,
          receiverProvince: r.province,
          receiverCity: r.city,
          receiverDistrict: r.district,
          receiverAddress: r.address,
          receiverPostcode: r.postcode,
          senderName: s.name,
          senderPhone: s.phone,
          senderCompany: s.company,
          senderCountry: s.country,
          senderProvince: s.province,
          senderCity: s.city,
          senderAddress: s.address,
          senderPostcode: s.postcode,
          weight: input.weight,
          length: input.length ?? null,
          width: input.width ?? null,
          height: input.height ?? null,
          packageCount: Number(input.packageCount),
          packingType: Number(input.packingType),
          isCod: input.isCod,
          codAmount: input.isCod ? input.codAmount! : '0',
          codCurrency: input.isCod ? input.codCurrency! : '',
          remark: input.remark,
          createdBy: user.id,
        })
        .returning({ id: originOrders.id });
      await tx.insert(originOrderGoods).values(
        input.goods.map((g, i) => ({
          originOrderId: created!.id,
          lineNo: i + 1,
          sku: g.sku,
          nameEn: g.nameEn,
          nameCn: g.nameCn,
          quantity: Number(g.quantity),
          hsCode: g.hsCode,
          unitPrice: g.unitPrice,
          currency: g.currency,
          specification: g.specification,
        })),
      );
      return created!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  return originDetail(db, id, t, locale);
}
