import { z } from 'zod';
import { decimalOut, isoTime } from './core.ts';
import { feeRecord } from './order-records.ts';

/**
 * What the fee calls answer. Names (`…Name`, `reasonText`) are in the caller's language; money and
 * weights are decimal strings (money 2 decimals, kg 3); times UTC ISO 8601. feeType 1 freight,
 * 2 COD service fee; exception reason 1 no price rule, 2 rule cannot be applied; exception state
 * 0 pending, 1 resolved (src/shared/domain/order-fees.ts).
 */

const int = z.number().int();

/** A copy of the channel's price rule a fee was computed with (or the channel's rule now). */
export const feeRuleFigures = z.object({
  currency: z.string(),
  firstWeight: decimalOut,
  firstPrice: decimalOut,
  stepWeight: decimalOut,
  stepPrice: decimalOut,
  /** Percent of the COD amount ("1.50" is 1.5 %). */
  codFeeRatePercent: decimalOut,
  minCodFee: decimalOut,
});
export type FeeRuleFiguresRecord = z.infer<typeof feeRuleFigures>;

/** The order a fee row belongs to, with the names the lists show. */
const orderPart = {
  orderId: int,
  trackingNo: z.string(),
  customerNo: z.string(),
  customerId: int,
  customerCode: z.string(),
  customerName: z.string(),
  channelId: int,
  channelCode: z.string(),
  channelName: z.string(),
  countryId: int,
  countryCode: z.string(),
  countryName: z.string(),
  orderStatus: int,
  orderStatusName: z.string(),
};

/** One fee line of one order (feeDetail/list): the order detail's fee record, its order and its basis. */
export const feeDetailRecord = feeRecord.extend({
  ...orderPart,
  /** The actual weight the fee was computed on (the checked weight, else the declared one). */
  weight: decimalOut.nullable(),
  volumeWeight: decimalOut.nullable(),
  volumeDivisor: int.nullable(),
  rule: feeRuleFigures.nullable(),
});
export type FeeDetailRecord = z.infer<typeof feeDetailRecord>;

export const feeTypeOption = z.object({ feeType: int, name: z.string() });
export type FeeTypeOption = z.infer<typeof feeTypeOption>;

/** A fee exception's own fields: why, and how it stands. */
const exceptionFields = {
  reason: int,
  reasonText: z.string(),
  state: int,
  stateName: z.string(),
  /** The first failure. */
  createdAt: isoTime,
  /** The last later computation that failed again; null when never retried. */
  retriedAt: isoTime.nullable(),
  resolvedAt: isoTime.nullable(),
  resolvedBy: z.string().nullable(),
};

/** One fee exception (feeException/list). */
export const feeExceptionListRecord = z.object({
  recId: int,
  ...orderPart,
  chargeableWeight: decimalOut,
  ...exceptionFields,
  /** The order's channel has a price rule for its destination now: a recalculation should succeed. */
  ruleAvailable: z.boolean(),
});
export type FeeExceptionListRecord = z.infer<typeof feeExceptionListRecord>;

/** How the freight was reached: the first weight, then the extra weight in whole steps. */
export const freightBreakdown = z.object({
  chargeableWeight: decimalOut,
  firstWeight: decimalOut,
  firstPrice: decimalOut,
  extraWeight: decimalOut,
  steps: int,
  stepWeight: decimalOut,
  stepPrice: decimalOut,
  currency: z.string(),
});

/** How the COD service fee was reached: the rate of the COD amount, at least the minimum. */
export const codFeeBreakdown = z.object({
  codAmount: decimalOut,
  codCurrency: z.string(),
  ratePercent: decimalOut,
  rateAmount: decimalOut,
  /** The rule's minimum when it applies (COD in the rule's currency), else null. */
  minimum: decimalOut.nullable(),
  minimumApplied: z.boolean(),
});

export const feeLine = z.object({
  recId: int,
  feeType: int,
  feeTypeName: z.string(),
  amount: decimalOut,
  currency: z.string(),
  freight: freightBreakdown.nullable(),
  codFee: codFeeBreakdown.nullable(),
});
export type FeeLineRecord = z.infer<typeof feeLine>;

export const feeExceptionHistory = z.object({ recId: int, ...exceptionFields });

/** The fees of one received order with their basis (feeInfo/list; the feeDetail/{id} screen). */
export const feeInfoRecord = z.object({
  ...orderPart,
  isCod: z.boolean(),
  codAmount: decimalOut,
  codCurrency: z.string(),
  declaredWeight: decimalOut,
  checkedWeight: decimalOut.nullable(),
  /** The basis of the current fee lines: the actual weight and sides they were computed on. */
  weight: decimalOut.nullable(),
  length: decimalOut.nullable(),
  width: decimalOut.nullable(),
  height: decimalOut.nullable(),
  volumeDivisor: int.nullable(),
  volumeWeight: decimalOut,
  chargeableWeight: decimalOut,
  priceRuleId: int.nullable(),
  /** The rule the current lines were computed with; null when there are none. */
  rule: feeRuleFigures.nullable(),
  /** The channel's rule for the destination now (it may have changed since); null: none. */
  currentRule: feeRuleFigures.nullable(),
  computedAt: isoTime.nullable(),
  lines: z.array(feeLine),
  /** The lines summed per currency. */
  totals: z.array(z.object({ currency: z.string(), amount: decimalOut })),
  /** Every fee exception of the order, newest first. */
  exceptions: z.array(feeExceptionHistory),
});
export type FeeInfoRecord = z.infer<typeof feeInfoRecord>;

/** An order's fees at one moment: what a recalculation changed. */
export const feeSnapshot = z.object({
  chargeableWeight: decimalOut,
  lines: z.array(
    z.object({ feeType: int, feeTypeName: z.string(), amount: decimalOut, currency: z.string() }),
  ),
  /** The pending exception's reason, when the fees could not be computed. */
  exception: z.object({ reason: int, reasonText: z.string() }).nullable(),
});
export type FeeSnapshot = z.infer<typeof feeSnapshot>;

export const RECALC_OUTCOMES = ['recalculated', 'failed', 'skipped'] as const;

export const recalcResult = z.object({
  results: z.array(
    z.object({
      recId: int,
      orderId: int,
      trackingNo: z.string(),
      /** recalculated: now priced; failed: still no fees (the reason in `after`); skipped: resolved before. */
      outcome: z.enum(RECALC_OUTCOMES),
      message: z.string(),
      before: feeSnapshot,
      after: feeSnapshot,
    }),
  ),
  recalculated: int,
  failed: int,
  skipped: int,
  message: z.string(),
});
export type RecalcResult = z.infer<typeof recalcResult>;
