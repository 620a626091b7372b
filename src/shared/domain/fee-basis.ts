import { FREE_RULE } from './order-fees.ts';
import { freightSteps, priceFor } from './pricing.ts';

/**
 * What a fee line was computed from (fee_details.basis, written by the order module): the weight
 * and sides, the volume divisor and weight, the COD amount, and a copy of the channel's price rule
 * as it was then. Read back defensively: rows written before a field existed lack it.
 */

export interface FeeRuleFigures {
  currency: string;
  firstWeight: string;
  firstPrice: string;
  stepWeight: string;
  stepPrice: string;
  /** Percent of the COD amount ("1.50" is 1.5 %). */
  codFeeRatePercent: string;
  minCodFee: string;
}

export interface FeeBasis {
  weightKg: string | null;
  lengthCm: string | null;
  widthCm: string | null;
  heightCm: string | null;
  volumeDivisor: number | null;
  volumeWeight: string | null;
  codAmount: string | null;
  codCurrency: string | null;
  rule: FeeRuleFigures | null;
}

const textOf = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;

function ruleOf(v: unknown): FeeRuleFigures | null {
  if (typeof v !== 'object' || v === null) return null;
  const r = v as Record<string, unknown>;
  const firstWeight = textOf(r.firstWeight);
  const stepWeight = textOf(r.stepWeight);
  if (firstWeight === null || stepWeight === null) return null;
  return {
    currency: textOf(r.currency) ?? '',
    firstWeight,
    firstPrice: textOf(r.firstPrice) ?? '0',
    stepWeight,
    stepPrice: textOf(r.stepPrice) ?? '0',
    codFeeRatePercent: textOf(r.codFeeRatePercent) ?? '0',
    minCodFee: textOf(r.minCodFee) ?? '0',
  };
}

export function readBasis(raw: unknown): FeeBasis {
  const b = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const divisor = Number(b.volumeDivisor);
  return {
    weightKg: textOf(b.weightKg),
    lengthCm: textOf(b.lengthCm),
    widthCm: textOf(b.widthCm),
    heightCm: textOf(b.heightCm),
    volumeDivisor: Number.isSafeInteger(divisor) && divisor > 0 ? divisor : null,
    volumeWeight: textOf(b.volumeWeight),
    codAmount: textOf(b.codAmount),
    codCurrency: textOf(b.codCurrency),
    rule: ruleOf(b.rule),
  };
}

export interface FreightBreakdown {
  chargeableWeight: string;
  firstWeight: string;
  firstPrice: string;
  /** kg above the first weight */
  extraWeight: string;
  steps: number;
  stepWeight: string;
  stepPrice: string;
  currency: string;
}

export interface CodFeeBreakdown {
  codAmount: string;
  codCurrency: string;
  ratePercent: string;
  /** The rate of the amount, before the minimum. */
  rateAmount: string;
  /** The rule's minimum when it applies (the COD is in the rule's currency), else null. */
  minimum: string | null;
  minimumApplied: boolean;
}

/** The freight's computation: first weight, then the extra weight in whole steps. */
export function freightBreakdown(rule: FeeRuleFigures, chargeableWeight: string): FreightBreakdown | null {
  try {
    const { extraWeight, steps } = freightSteps(rule, chargeableWeight);
    return {
      chargeableWeight,
      firstWeight: rule.firstWeight,
      firstPrice: rule.firstPrice,
      extraWeight,
      steps,
      stepWeight: rule.stepWeight,
      stepPrice: rule.stepPrice,
      currency: rule.currency,
    };
  } catch (err) {
    if (err instanceof RangeError) return null;
    throw err;
  }
}

/**
 * The COD service fee's computation (order-fees.ts): the rate of the COD amount, at least the
 * rule's minimum when the COD is in the rule's currency.
 */
export function codFeeBreakdown(
  rule: FeeRuleFigures,
  codAmount: string,
  codCurrency: string,
): CodFeeBreakdown | null {
  try {
    const rateAmount = priceFor(
      { ...FREE_RULE, codFeeRate: rule.codFeeRatePercent, volumeDivisor: 1 },
      { weightKg: '0', codAmount },
    ).codFee;
    const minimum = codCurrency === rule.currency ? rule.minCodFee : null;
    return {
      codAmount,
      codCurrency,
      ratePercent: rule.codFeeRatePercent,
      rateAmount,
      minimum,
      minimumApplied: minimum !== null && Number(minimum) > Number(rateAmount),
    };
  } catch (err) {
    if (err instanceof RangeError) return null;
    throw err;
  }
}
