import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Page } from '../../../shared/contract/core.ts';
import type { FeeInfoRecord, FeeLineRecord } from '../../../shared/contract/fee.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import {
  codFeeBreakdown,
  type FeeBasis,
  type FeeRuleFigures,
  freightBreakdown,
  readBasis,
} from '../../../shared/domain/fee-basis.ts';
import { FeeType } from '../../../shared/domain/order-fees.ts';
import type { Db } from '../../db/client.ts';
import {
  channelPrices,
  customers,
  feeDetails,
  orders,
  regions,
  shippingChannels,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import type { Translate } from '../../i18n.ts';
import { feeTypeName } from '../order-core/order-names.ts';
import { iso } from '../order-core/order-read.ts';
import { exceptionHistory } from './fee-exception.service.ts';
import {
  cappedPage,
  type OrderFilterValues,
  orderColumns,
  orderConditions,
  orderJoins,
  orderPart,
  ruleColumns,
} from './fee-read.ts';

type Filters = OrderFilterValues & { orderId?: number | undefined };
type FeeRow = typeof feeDetails.$inferSelect;

const selectInfo = (db: Db) =>
  db
    .select({ ...orderColumns, w: weightColumns })
    .from(orders)
    .innerJoin(customers, orderJoins.customer)
    .innerJoin(shippingChannels, orderJoins.channel)
    .innerJoin(regions, orderJoins.country);

type InfoRow = Awaited<ReturnType<ReturnType<typeof selectInfo>['where']>>[number];

const weightColumns = {
  isCod: orders.isCod,
  codAmount: orders.codAmount,
  codCurrency: orders.codCurrency,
  declaredWeight: orders.declaredWeight,
  checkedWeight: orders.checkedWeight,
  length: orders.length,
  width: orders.width,
  height: orders.height,
  volumeWeight: orders.volumeWeight,
  chargeableWeight: orders.chargeableWeight,
};

/** Sums per currency, in exact cents (amounts are decimals of 0 or more with 2 places). */
function totalsOf(lines: readonly { amount: string; currency: string }[]) {
  const cents = new Map<string, bigint>();
  for (const l of lines)
    cents.set(l.currency, (cents.get(l.currency) ?? 0n) + BigInt(l.amount.replace('.', '')));
  return [...cents].map(([currency, c]) => {
    const s = c.toString().padStart(3, '0');
    return { currency, amount: `${s.slice(0, -2)}.${s.slice(-2)}` };
  });
}

function lineOf(f: FeeRow, basis: FeeBasis, t: Translate): FeeLineRecord {
  const rule = basis.rule;
  return {
    recId: f.id,
    feeType: f.feeType,
    feeTypeName: feeTypeName(t, f.feeType),
    amount: f.amount,
    currency: f.currency,
    freight: rule && f.feeType === FeeType.freight ? freightBreakdown(rule, f.chargeableWeight) : null,
    codFee:
      rule && f.feeType === FeeType.codFee && basis.codAmount
        ? codFeeBreakdown(rule, basis.codAmount, basis.codCurrency ?? f.currency)
        : null,
  };
}

/**
 * feeInfo/list: the fee sheet of received orders, newest arrival first. Lines, exceptions and the
 * channels' rules now are read for the whole page at once.
 */
export async function listFeeInfo(
  db: Db,
  user: AuthUser,
  q: Filters & { pageNo: number; pageSize: number },
  t: Translate,
  locale: Locale,
): Promise<Page<FeeInfoRecord>> {
  const cond = and(
    ...orderConditions(q, user),
    isNotNull(orders.arrivedAt),
    q.orderId === undefined ? undefined : eq(orders.id, q.orderId),
  );
  const page = await cappedPage(
    selectInfo(db)
      .where(cond)
      .orderBy(desc(orders.arrivedAt), desc(orders.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    async (cap) => {
      const inner = db.select({ one: orders.id }).from(orders).where(cond).limit(cap).as('m');
      const [n] = await db.select({ n: count() }).from(inner);
      return n?.n ?? 0;
    },
    q,
  );
  const ids = page.records.map((r) => r.o.id);
  if (!ids.length) return { ...page, records: [] };
  const [lines, exceptions, rules] = await Promise.all([
    db
      .select()
      .from(feeDetails)
      .where(inArray(feeDetails.orderId, ids))
      .orderBy(asc(feeDetails.feeType), asc(feeDetails.id)),
    exceptionHistory(db, ids, t, locale),
    db
      .select({ channelId: channelPrices.channelId, countryId: channelPrices.countryId, rule: ruleColumns })
      .from(channelPrices)
      .where(inArray(channelPrices.channelId, [...new Set(page.records.map((r) => r.o.channelId))])),
  ]);
  return { ...page, records: page.records.map((r) => infoOf(r, lines, exceptions, rules, t, locale)) };
}

function infoOf(
  r: InfoRow,
  allLines: FeeRow[],
  exceptions: Awaited<ReturnType<typeof exceptionHistory>>,
  rules: { channelId: number; countryId: number; rule: FeeRuleFigures }[],
  t: Translate,
  locale: Locale,
): FeeInfoRecord {
  const w = r.w;
  const own = allLines.filter((f) => f.orderId === r.o.id);
  const first = own[0];
  const basis = readBasis(first?.basis);
  const lines = own.map((f) => lineOf(f, basis, t));
  const now = rules.find((p) => p.channelId === r.o.channelId && p.countryId === r.o.countryId);
  return {
    ...orderPart(r, t, locale),
    isCod: w.isCod,
    codAmount: w.codAmount ?? '0.00',
    codCurrency: w.codCurrency ?? '',
    declaredWeight: w.declaredWeight,
    checkedWeight: w.checkedWeight,
    weight: first ? basis.weightKg : null,
    length: first ? basis.lengthCm : null,
    width: first ? basis.widthCm : null,
    height: first ? basis.heightCm : null,
    volumeDivisor: first ? basis.volumeDivisor : null,
    volumeWeight: w.volumeWeight,
    chargeableWeight: first?.chargeableWeight ?? w.chargeableWeight,
    priceRuleId: first?.priceRuleId ?? null,
    rule: first ? basis.rule : null,
    currentRule: now?.rule ?? null,
    computedAt: first ? iso(first.computedAt) : null,
    lines,
    totals: totalsOf(lines),
    exceptions: exceptions.get(r.o.id) ?? [],
  };
}
