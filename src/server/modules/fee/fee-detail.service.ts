import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Page } from '../../../shared/contract/core.ts';
import type { FeeDetailFilters, FeeDetailRecord } from '../../../shared/contract/fee.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { readBasis } from '../../../shared/domain/fee-basis.ts';
import type { Db } from '../../db/client.ts';
import { orderOf } from '../../db/list-sort.ts';
import { customers, feeDetails, orders, regions, shippingChannels } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import type { Translate } from '../../i18n.ts';
import { feeTypeName } from '../order-core/order-names.ts';
import { iso } from '../order-core/order-read.ts';
import {
  cappedPage,
  orderColumns,
  orderConditions,
  orderJoins,
  orderPart,
  timeConditions,
} from './fee-read.ts';

/** One fee line with its order and the names a row shows. */
export const selectFeeLines = (db: Db) =>
  db
    .select({ f: feeDetails, ...orderColumns })
    .from(feeDetails)
    .innerJoin(orders, eq(orders.id, feeDetails.orderId))
    .innerJoin(customers, orderJoins.customer)
    .innerJoin(shippingChannels, orderJoins.channel)
    .innerJoin(regions, orderJoins.country);

export type FeeLineRow = Awaited<ReturnType<ReturnType<typeof selectFeeLines>['where']>>[number];

export function toFeeDetailRecord(r: FeeLineRow, t: Translate, locale: Locale): FeeDetailRecord {
  const f = r.f;
  const basis = readBasis(f.basis);
  return {
    recId: f.id,
    ...orderPart(r, t, locale),
    feeType: f.feeType,
    feeTypeName: feeTypeName(t, f.feeType),
    amount: f.amount,
    currency: f.currency,
    weight: basis.weightKg,
    volumeWeight: basis.volumeWeight,
    volumeDivisor: basis.volumeDivisor,
    chargeableWeight: f.chargeableWeight,
    priceRuleId: f.priceRuleId,
    rule: basis.rule,
    computedAt: iso(f.computedAt),
  };
}

/** The WHERE of the fee detail list and its export (the caller's scope included). */
export function feeDetailConditions(
  f: FeeDetailFilters & { ids?: number[] | undefined },
  user: AuthUser,
): SQL | undefined {
  const where = [
    ...orderConditions(f, user),
    ...timeConditions(feeDetails.computedAt, f),
    f.feeType === undefined ? undefined : eq(feeDetails.feeType, f.feeType),
    f.currency === undefined ? undefined : eq(feeDetails.currency, f.currency),
  ];
  if (f.ids) where.push(inArray(feeDetails.id, f.ids));
  return and(...where);
}

/** feeDetail/list: newest computation first, a capped total. */
export function listFeeDetails(
  db: Db,
  user: AuthUser,
  q: FeeDetailFilters & { pageNo: number; pageSize: number },
  t: Translate,
  locale: Locale,
): Promise<Page<FeeDetailRecord>> {
  const cond = feeDetailConditions(q, user);
  return cappedPage(
    selectFeeLines(db)
      .where(cond)
      .orderBy(
        ...orderOf(
          q,
          {
            computedAt: feeDetails.computedAt,
            amount: feeDetails.amount,
            chargeableWeight: feeDetails.chargeableWeight,
          },
          feeDetails.id,
          [desc(feeDetails.computedAt), desc(feeDetails.id)],
        ),
      )
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .then((rows) => rows.map((r) => toFeeDetailRecord(r, t, locale))),
    async (cap) => {
      const inner = db
        .select({ one: feeDetails.id })
        .from(feeDetails)
        .innerJoin(orders, eq(orders.id, feeDetails.orderId))
        .where(cond)
        .limit(cap)
        .as('m');
      const [n] = await db.select({ n: count() }).from(inner);
      return n?.n ?? 0;
    },
    q,
  );
}
