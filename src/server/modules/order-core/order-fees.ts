import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FeeExceptionRecord, FeeRecord } from '../../../shared/contract/order-records.ts';
import { decodeProperty } from '../../../shared/domain/customer.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import {
  DEFAULT_VOLUME_DIVISOR,
  FeeExceptionReason,
  type FeeParcel,
  feesFor,
  weightsOf,
} from '../../../shared/domain/order-fees.ts';
import { AbnormalKind } from '../../../shared/domain/order-rules.ts';
import { orderMessages as m } from '../../../shared/i18n/order-messages.ts';
import { type Db, runNamed } from '../../db/client.ts';
import { feeDetails, feeExceptions, orders } from '../../db/schema/index.ts';
import { localName } from '../../db/sql-helpers.ts';
import type { Translate } from '../../i18n.ts';
import { feeTypeName } from './order-names.ts';
import { iso, isoOrNull, type OrderRow } from './order-read.ts';
import { flagAbnormal, resolveAbnormal } from './order-store.ts';

interface PricingRow extends Record<string, unknown> {
  channel_code: string;
  channel_divisor: number;
  customer_divisor: string | null;
  country_code: string;
  country_cn: string;
  country_en: string;
  country_ar: string;
  rule_id: number | null;
  currency: string | null;
  first_weight: string | null;
  first_price: string | null;
  step_weight: string | null;
  step_price: string | null;
  cod_rate_percent: string | null;
  min_cod_fee: string | null;
}

type Priced = Pick<OrderRow, 'channelId' | 'customerId' | 'consigneeCountryId'>;

/** The channel's rule for the order's destination (or none) and the volume divisor that applies. */
async function pricingOf(db: Db, order: Priced) {
  // Named: read by every order entry and fee computation, planned once per connection.
  const [row] = await runNamed<PricingRow>(
    db,
    'order_pricing',
    sql`
    SELECT ch.code AS channel_code, ch.volume_divisor AS channel_divisor,
      (SELECT value FROM customer_properties
        WHERE customer_id = ${order.customerId} AND key = 'volumeDivisor') AS customer_divisor,
      r.code AS country_code, r.name_cn AS country_cn, r.name_en AS country_en, r.name_ar AS country_ar,
      p.id AS rule_id, p.currency, p.first_weight::text, p.first_price::text, p.step_weight::text,
      p.step_price::text, round(p.cod_fee_rate * 100, 2)::text AS cod_rate_percent, p.min_cod_fee::text
    FROM shipping_channels ch
    JOIN regions r ON r.id = ${order.consigneeCountryId}
    LEFT JOIN channel_prices p ON p.channel_id = ch.id AND p.country_id = r.id
    WHERE ch.id = ${order.channelId}`,
  );
  if (!row) throw new Error(`order channel ${order.channelId} not found`);
  return { row, divisor: divisorOf(row.customer_divisor, row.channel_divisor) };
}

/** The volume divisor that applies: the customer's property (as stored), else the channel's, else the default. */
export const divisorOf = (customerProperty: string | null, channelDivisor: number | null): number =>
  decodeProperty('volumeDivisor', customerProperty) ?? channelDivisor ?? DEFAULT_VOLUME_DIVISOR;

/** The volume divisor an order's volume weight is computed with (the customer's, else the channel's). */
export async function volumeDivisorOf(db: Db, order: Priced): Promise<number> {
  return (await pricingOf(db, order)).divisor;
}

export interface FeeOutcome {
  volumeDivisor: number;
  volumeWeight: string;
  chargeableWeight: string;
}

/**
 * Computes an order's fees into fee_details (replacing earlier ones) and stores its volume and
 * chargeable weight. With no applicable rule, the fees are removed and a pending fee exception
 * (and an abnormal "no price" mark) records why; a later success resolves both, naming `by`, the
 * account whose action computed them. A pending exception that fails again keeps its first time
 * and records the retry.
 */
export async function computeFees(
  db: Db,
  order: Priced & Pick<OrderRow, 'id' | 'isCod' | 'codAmount' | 'codCurrency'>,
  parcel: Omit<FeeParcel, 'isCod' | 'codAmount' | 'codCurrency'>,
  by: number | null = null,
): Promise<FeeOutcome> {
  const { row, divisor } = await pricingOf(db, order);
  const full: FeeParcel = {
    ...parcel,
    isCod: order.isCod,
    codAmount: order.codAmount,
    codCurrency: order.codCurrency,
  };
  const now = new Date();
  let failure: number | null = null;
  let fees: ReturnType<typeof feesFor> | null = null;
  if (row.rule_id === null) failure = FeeExceptionReason.noRule;
  else {
    try {
      fees = feesFor(
        {
          firstWeight: row.first_weight!,
          firstPrice: row.first_price!,
          stepWeight: row.step_weight!,
          stepPrice: row.step_price!,
          codFeeRate: row.cod_rate_percent!,
          minCodFee: row.min_cod_fee!,
          volumeDivisor: divisor,
          currency: row.currency!,
        },
        full,
      );
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      failure = FeeExceptionReason.ruleInvalid;
    }
  }
  const weights = fees ?? weightsOf(divisor, full);
  await db
    .update(orders)
    .set({ volumeWeight: weights.volumeWeight, chargeableWeight: weights.chargeableWeight })
    .where(eq(orders.id, order.id));
  await db.delete(feeDetails).where(eq(feeDetails.orderId, order.id));

  if (fees) {
    const basis = {
      weightKg: String(parcel.weightKg),
      lengthCm: parcel.lengthCm ?? null,
      widthCm: parcel.widthCm ?? null,
      heightCm: parcel.heightCm ?? null,
      volumeDivisor: divisor,
      volumeWeight: fees.volumeWeight,
      codAmount: full.isCod ? (full.codAmount ?? null) : null,
      codCurrency: full.isCod ? (full.codCurrency ?? null) : null,
      rule: {
        currency: row.currency,
        firstWeight: row.first_weight,
        firstPrice: row.first_price,
        stepWeight: row.step_weight,
        stepPrice: row.step_price,
        codFeeRatePercent: row.cod_rate_percent,
        minCodFee: row.min_cod_fee,
      },
    };
    await db.insert(feeDetails).values(
      fees.lines.map((l) => ({
        orderId: order.id,
        customerId: order.customerId,
        feeType: l.feeType,
        amount: l.amount,
        currency: l.currency,
        chargeableWeight: fees.chargeableWeight,
        priceRuleId: row.rule_id,
        basis,
        computedAt: now,
      })),
    );
    await db
      .update(feeExceptions)
      .set({ state: 1, resolvedAt: now, resolvedBy: by })
      .where(and(eq(feeExceptions.orderId, order.id), eq(feeExceptions.state, 0)));
    await resolveAbnormal(db, order.id, AbnormalKind.noPrice, by);
  } else {
    const detail = {
      channel: row.channel_code,
      countryCode: row.country_code,
      countryCn: row.country_cn,
      countryEn: row.country_en,
      countryAr: row.country_ar,
    };
    await db
      .insert(feeExceptions)
      .values({ orderId: order.id, customerId: order.customerId, reason: failure!, detail, createdAt: now })
      .onConflictDoUpdate({
        target: feeExceptions.orderId,
        targetWhere: sql`${feeExceptions.state} = 0`,
        set: { reason: failure!, detail, retriedAt: now },
      });
    await flagAbnormal(db, order, AbnormalKind.noPrice, { reason: failure, ...detail });
  }
  return {
    volumeDivisor: divisor,
    volumeWeight: weights.volumeWeight,
    chargeableWeight: weights.chargeableWeight,
  };
}

/** The fees again from an order's own weights and sides (checked weight, else declared). */
export function recomputeFees(
  db: Db,
  o: Priced & Pick<OrderRow, 'id' | 'isCod' | 'codAmount' | 'codCurrency'> & OrderWeights,
  by: number | null,
): Promise<FeeOutcome> {
  return computeFees(
    db,
    o,
    {
      weightKg: o.checkedWeight ?? o.declaredWeight,
      lengthCm: o.length,
      widthCm: o.width,
      heightCm: o.height,
    },
    by,
  );
}

type OrderWeights = Pick<OrderRow, 'checkedWeight' | 'declaredWeight' | 'length' | 'width' | 'height'>;

export async function feesOf(db: Db, orderId: number, t: Translate): Promise<FeeRecord[]> {
  const rows = await db
    .select()
    .from(feeDetails)
    .where(eq(feeDetails.orderId, orderId))
    .orderBy(asc(feeDetails.feeType), asc(feeDetails.id));
  return rows.map((f) => ({
    recId: f.id,
    feeType: f.feeType,
    feeTypeName: feeTypeName(t, f.feeType),
    amount: f.amount,
    currency: f.currency,
    chargeableWeight: f.chargeableWeight,
    priceRuleId: f.priceRuleId,
    computedAt: iso(f.computedAt),
  }));
}

/** A fee exception's reason in the caller's language. */
export function feeReasonText(
  t: Translate,
  locale: Locale,
  reason: number,
  detail: Record<string, unknown>,
): string {
  const text = (k: string) => (typeof detail[k] === 'string' ? (detail[k] as string) : '');
  const country = localName(
    { nameCn: text('countryCn'), nameEn: text('countryEn'), nameAr: text('countryAr') },
    locale,
  );
  const values = { channel: text('channel'), country: country || text('countryCode') };
  return t(reason === FeeExceptionReason.noRule ? m.feeNoRule : m.feeRuleInvalid, values);
}

/** The pending fee exception of an order, if any. */
export async function pendingFeeException(
  db: Db,
  orderId: number,
  t: Translate,
  locale: Locale,
): Promise<FeeExceptionRecord | null> {
  const [row] = await db
    .select()
    .from(feeExceptions)
    .where(and(eq(feeExceptions.orderId, orderId), eq(feeExceptions.state, 0)))
    .orderBy(desc(feeExceptions.id))
    .limit(1);
  if (!row) return null;
  return {
    recId: row.id,
    reason: row.reason,
    reasonText: feeReasonText(t, locale, row.reason, row.detail as Record<string, unknown>),
    state: row.state,
    createdAt: iso(row.createdAt),
    resolvedAt: isoOrNull(row.resolvedAt),
  };
}
