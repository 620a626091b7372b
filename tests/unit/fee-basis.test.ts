import { describe, expect, it } from 'vitest';
import { codFeeBreakdown, freightBreakdown, readBasis } from '../../src/shared/domain/fee-basis.ts';
import { freightSteps } from '../../src/shared/domain/pricing.ts';

/** China→Saudi Arabia air: 0.5 kg for 38, each further 0.5 kg 16, COD 1.5 % (at least 5), in CNY. */
const RULE = {
  currency: 'CNY',
  firstWeight: '0.500',
  firstPrice: '38.00',
  stepWeight: '0.500',
  stepPrice: '16.00',
  codFeeRatePercent: '1.50',
  minCodFee: '5.00',
};

describe('fee basis', () => {
  it('counts the steps as priceFor charges them: the extra weight rounded up to whole steps', () => {
    expect(freightSteps(RULE, '0.300')).toEqual({ extraWeight: '0.000', steps: 0 });
    expect(freightSteps(RULE, '0.501')).toEqual({ extraWeight: '0.001', steps: 1 });
    expect(freightSteps(RULE, '1.200')).toEqual({ extraWeight: '0.700', steps: 2 });
    expect(freightSteps(RULE, '2.5')).toEqual({ extraWeight: '2.000', steps: 4 });
    expect(() => freightSteps({ ...RULE, stepWeight: '0' }, '1')).toThrow(RangeError);
  });

  it('explains a freight, and gives up on a rule it cannot read', () => {
    expect(freightBreakdown(RULE, '1.200')).toEqual({
      chargeableWeight: '1.200',
      firstWeight: '0.500',
      firstPrice: '38.00',
      extraWeight: '0.700',
      steps: 2,
      stepWeight: '0.500',
      stepPrice: '16.00',
      currency: 'CNY',
    });
    expect(freightBreakdown({ ...RULE, stepWeight: 'x' }, '1')).toBeNull();
  });

  it('explains a COD fee: the rate, and the minimum only in the rule’s currency', () => {
    expect(codFeeBreakdown(RULE, '199.00', 'CNY')).toEqual({
      codAmount: '199.00',
      codCurrency: 'CNY',
      ratePercent: '1.50',
      rateAmount: '2.99',
      minimum: '5.00',
      minimumApplied: true,
    });
    expect(codFeeBreakdown(RULE, '500', 'CNY')).toMatchObject({ rateAmount: '7.50', minimumApplied: false });
    expect(codFeeBreakdown(RULE, '199.00', 'SAR')).toMatchObject({ minimum: null, minimumApplied: false });
  });

  it('reads a stored basis, old rows without the COD fields and numbers included', () => {
    const b = readBasis({
      weightKg: '2.467',
      lengthCm: null,
      volumeDivisor: 6000,
      volumeWeight: '0.000',
      rule: { ...RULE, codFeeRatePercent: 1.5 },
    });
    expect(b).toMatchObject({ weightKg: '2.467', lengthCm: null, codAmount: null, volumeDivisor: 6000 });
    expect(b.rule?.codFeeRatePercent).toBe('1.5');
    expect(readBasis(null)).toMatchObject({ weightKg: null, rule: null, volumeDivisor: null });
    expect(readBasis({ rule: { currency: 'CNY' } }).rule).toBeNull();
  });
});
