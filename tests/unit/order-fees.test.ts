import { describe, expect, it } from 'vitest';
import { FeeType, feesFor, weightsOf } from '../../src/shared/domain/order-fees.ts';

/** China→Saudi Arabia air: 0.5 kg for 38, each further 0.5 kg 16, COD 1.5 % (at least 5), in CNY. */
const RULE = {
  firstWeight: '0.500',
  firstPrice: '38.00',
  stepWeight: '0.500',
  stepPrice: '16.00',
  codFeeRate: '1.50',
  minCodFee: '5.00',
  volumeDivisor: 6000,
  currency: 'CNY',
};

describe('order fees', () => {
  it('charges freight on the chargeable weight, the greater of actual and volume weight', () => {
    const fees = feesFor(RULE, {
      weightKg: '1.2',
      lengthCm: '40',
      widthCm: '30',
      heightCm: '20',
      isCod: false,
    });
    // 40×30×20 / 6000 = 4 kg > 1.2 kg: 0.5 + 7 steps of 0.5
    expect(fees).toEqual({
      volumeWeight: '4.000',
      chargeableWeight: '4.000',
      lines: [{ feeType: FeeType.freight, amount: '150.00', currency: 'CNY' }],
    });
  });

  it('adds the COD fee with the minimum when the COD currency is the rule’s', () => {
    const small = feesFor(RULE, { weightKg: '0.4', isCod: true, codAmount: '100', codCurrency: 'CNY' });
    expect(small.lines).toEqual([
      { feeType: FeeType.freight, amount: '38.00', currency: 'CNY' },
      { feeType: FeeType.codFee, amount: '5.00', currency: 'CNY' },
    ]);
    const large = feesFor(RULE, { weightKg: '0.4', isCod: true, codAmount: '1000', codCurrency: 'CNY' });
    expect(large.lines[1]).toEqual({ feeType: FeeType.codFee, amount: '15.00', currency: 'CNY' });
  });

  it('charges the rate of a COD amount in another currency, in that currency, without the minimum', () => {
    const fees = feesFor(RULE, { weightKg: '1', isCod: true, codAmount: '199.00', codCurrency: 'SAR' });
    expect(fees.lines).toEqual([
      { feeType: FeeType.freight, amount: '54.00', currency: 'CNY' },
      { feeType: FeeType.codFee, amount: '2.99', currency: 'SAR' },
    ]);
  });

  it('has no COD fee line for a prepaid order or a zero rate', () => {
    expect(
      feesFor(RULE, { weightKg: '1', isCod: false, codAmount: '50', codCurrency: 'CNY' }).lines,
    ).toHaveLength(1);
    expect(
      feesFor(
        { ...RULE, codFeeRate: '0', minCodFee: '0' },
        { weightKg: '1', isCod: true, codAmount: '50', codCurrency: 'SAR' },
      ).lines,
    ).toHaveLength(1);
  });

  it('gives volume and chargeable weight alone with the channel’s divisor', () => {
    expect(weightsOf(5000, { weightKg: '2', lengthCm: '50', widthCm: '40', heightCm: '30' })).toEqual({
      volumeWeight: '12.000',
      chargeableWeight: '12.000',
    });
    expect(weightsOf(6000, { weightKg: '2', lengthCm: '10', widthCm: null, heightCm: '10' })).toEqual({
      volumeWeight: '0.000',
      chargeableWeight: '2.000',
    });
  });

  it('throws RangeError on a broken rule (the caller records a fee exception)', () => {
    expect(() => feesFor({ ...RULE, stepWeight: '0' }, { weightKg: '1', isCod: false })).toThrow(RangeError);
  });
});
