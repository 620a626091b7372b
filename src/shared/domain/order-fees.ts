import { type DecimalInput, type PriceRule, priceFor } from './pricing.ts';

/**
 * An order's fees from its channel's price rule for its destination (pricing.ts does the
 * arithmetic). Computed when the order is received and whenever it is re-weighed; an order with no
 * applicable rule becomes a fee exception instead.
 *
 * COD: the COD service fee is the rule's rate of the COD amount. When the COD currency is the
 * rule's, pricing.ts applies it with the rule's minimum; when it is another currency (a Saudi
 * consignee pays SAR on a CNY-priced channel, and there are no exchange rates), the fee is the
 * rate of the amount in the COD currency, without the minimum (which is in the rule's currency).
 */

/** fee_details.fee_type */
export const FeeType = { freight: 1, codFee: 2 } as const;
export type FeeType = (typeof FeeType)[keyof typeof FeeType];
export const FEE_TYPES: readonly FeeType[] = Object.values(FeeType);

/** fee_exceptions.state */
export const FeeExceptionState = { pending: 0, resolved: 1 } as const;

/** fee_exceptions.reason */
export const FeeExceptionReason = { noRule: 1, ruleInvalid: 2 } as const;
export type FeeExceptionReason = (typeof FeeExceptionReason)[keyof typeof FeeExceptionReason];

export const DEFAULT_VOLUME_DIVISOR = 6000;

export interface FeeParcel {
  weightKg: DecimalInput;
  lengthCm?: DecimalInput | null | undefined;
  widthCm?: DecimalInput | null | undefined;
  heightCm?: DecimalInput | null | undefined;
  isCod: boolean;
  codAmount?: DecimalInput | undefined;
  codCurrency?: string | undefined;
}

export interface FeeLine {
  feeType: FeeType;
  /** 2 decimals */
  amount: string;
  currency: string;
}

export interface Fees {
  /** kg, 3 decimals */
  volumeWeight: string;
  chargeableWeight: string;
  lines: FeeLine[];
}

const sides = (p: Pick<FeeParcel, 'lengthCm' | 'widthCm' | 'heightCm'>) => ({
  lengthCm: p.lengthCm ?? undefined,
  widthCm: p.widthCm ?? undefined,
  heightCm: p.heightCm ?? undefined,
});

/** A rule that charges nothing: for weights alone, or one part of a fee. */
export const FREE_RULE: Omit<PriceRule, 'volumeDivisor'> = {
  firstWeight: '0',
  firstPrice: '0',
  stepWeight: '1',
  stepPrice: '0',
  codFeeRate: '0',
};

/** Volume and chargeable weight alone (an order entered before any rule applies to it). */
export function weightsOf(
  volumeDivisor: number,
  parcel: Pick<FeeParcel, 'weightKg' | 'lengthCm' | 'widthCm' | 'heightCm'>,
): Omit<Fees, 'lines'> {
  const p = priceFor({ ...FREE_RULE, volumeDivisor }, { weightKg: parcel.weightKg, ...sides(parcel) });
  return { volumeWeight: p.volumeWeight, chargeableWeight: p.chargeableWeight };
}

const positive = (v: DecimalInput | undefined): v is DecimalInput => v !== undefined && Number(v) > 0;

/** The fees of a parcel under a rule (its currency is the freight's). Throws RangeError on a broken rule. */
export function feesFor(rule: PriceRule & { currency: string }, parcel: FeeParcel): Fees {
  const cod = parcel.isCod && positive(parcel.codAmount) ? parcel.codAmount : undefined;
  const sameCurrency = cod !== undefined && (parcel.codCurrency ?? '') === rule.currency;
  const price = priceFor(rule, {
    weightKg: parcel.weightKg,
    ...sides(parcel),
    codAmount: sameCurrency ? cod : undefined,
  });
  const lines: FeeLine[] = [{ feeType: FeeType.freight, amount: price.freight, currency: rule.currency }];
  if (cod !== undefined) {
    const codFee = sameCurrency
      ? price.codFee
      : priceFor(
          { ...FREE_RULE, codFeeRate: rule.codFeeRate, volumeDivisor: rule.volumeDivisor },
          {
            weightKg: '0',
            codAmount: cod,
          },
        ).codFee;
    if (Number(codFee) > 0)
      lines.push({
        feeType: FeeType.codFee,
        amount: codFee,
        currency: sameCurrency ? rule.currency : (parcel.codCurrency ?? ''),
      });
  }
  return { volumeWeight: price.volumeWeight, chargeableWeight: price.chargeableWeight, lines };
}
