import { describe, expect, it } from 'vitest';
import { type PriceRule, priceFor } from '../../src/shared/domain/pricing.ts';

/** China→Saudi Arabia air: 0.5 kg for 38, each further 0.5 kg 16, COD 1.5 % (at least 5). */
const RULE: PriceRule = {
  firstWeight: '0.5',
  firstPrice: '38.00',
  stepWeight: '0.5',
  stepPrice: '16.00',
  codFeeRate: '1.5',
  minCodFee: '5.00',
  volumeDivisor: 6000,
  currency: 'CNY',
};

describe('priceFor', () => {
  it('charges the first weight alone up to the first weight, 0 kg included', () => {
    for (const w of ['0', '0.1', '0.5', 0.5])
      expect(priceFor(RULE, { weightKg: w }), String(w)).toEqual({
        chargeableWeight: w === '0' ? '0.000' : w === '0.1' ? '0.100' : '0.500',
        volumeWeight: '0.000',
        freight: '38.00',
        codFee: '0.00',
        total: '38.00',
        currency: 'CNY',
      });
  });

  it('rounds the additional weight up to whole steps', () => {
    const freight = (w: string) => priceFor(RULE, { weightKg: w }).freight;
    expect(freight('0.501')).toBe('54.00'); // 1 gram over: one step
    expect(freight('1.0')).toBe('54.00'); // exactly one step
    expect(freight('1.001')).toBe('70.00'); // two steps
    expect(freight('1.7')).toBe('86.00'); // 1.2 kg over: 3 steps
    expect(freight('2.5')).toBe('102.00'); // 4 steps
  });

  it('rounds the actual weight up to the gram', () => {
    const p = priceFor(RULE, { weightKg: '1.0001' });
    expect(p.chargeableWeight).toBe('1.001');
    expect(p.freight).toBe('70.00');
    expect(priceFor(RULE, { weightKg: '1.0000' }).chargeableWeight).toBe('1.000');
  });

  it('charges the volume weight when it is greater: L×W×H / divisor, rounded up to the gram', () => {
    // 40 × 30 × 20 = 24000 cm³ / 6000 = 4 kg against 1.2 kg actual.
    const p = priceFor(RULE, { weightKg: '1.2', lengthCm: 40, widthCm: 30, heightCm: 20 });
    expect(p.volumeWeight).toBe('4.000');
    expect(p.chargeableWeight).toBe('4.000');
    expect(p.freight).toBe('150.00'); // 38 + 7 × 16
    // 10 × 10 × 10 / 6000 = 0.16666… kg → 0.167
    const small = priceFor(RULE, { weightKg: '0.3', lengthCm: '10', widthCm: '10', heightCm: '10' });
    expect(small.volumeWeight).toBe('0.167');
    expect(small.chargeableWeight).toBe('0.300');
    // Decimal sides are exact: 10.5 × 20.25 × 3 = 637.875 cm³ / 5000 = 0.127575 → 0.128
    const decimalSides = priceFor(
      { ...RULE, volumeDivisor: 5000 },
      { weightKg: '0.1', lengthCm: '10.5', widthCm: '20.25', heightCm: '3' },
    );
    expect(decimalSides.volumeWeight).toBe('0.128');
  });

  it('ignores the volume unless all three sides are given', () => {
    const p = priceFor(RULE, { weightKg: '1', lengthCm: 100, widthCm: 100 });
    expect(p.volumeWeight).toBe('0.000');
    expect(p.chargeableWeight).toBe('1.000');
    expect(priceFor(RULE, { weightKg: '1', lengthCm: 100, widthCm: 100, heightCm: '' }).volumeWeight).toBe(
      '0.000',
    );
  });

  it('keeps the actual weight when it is the greater', () => {
    const p = priceFor(RULE, { weightKg: '6.25', lengthCm: 40, widthCm: 30, heightCm: 20 });
    expect(p).toMatchObject({ volumeWeight: '4.000', chargeableWeight: '6.250', freight: '230.00' });
  });

  it('uses the divisor of the rule: a smaller divisor makes a heavier volume weight', () => {
    const sea = priceFor(
      { ...RULE, volumeDivisor: 5000 },
      { weightKg: '1', lengthCm: 40, widthCm: 30, heightCm: 20 },
    );
    expect(sea.volumeWeight).toBe('4.800');
  });

  it('charges the COD fee as a percentage, half up to the cent, at least the minimum', () => {
    // 1000 × 1.5 % = 15.00
    expect(priceFor(RULE, { weightKg: '0.5', codAmount: '1000' })).toMatchObject({
      codFee: '15.00',
      total: '53.00',
    });
    // 345.67 × 1.5 % = 5.18505 → 5.19
    expect(priceFor(RULE, { weightKg: '0.5', codAmount: '345.67' }).codFee).toBe('5.19');
    // 333.30 × 1.5 % = 4.9995 → below the minimum 5.00
    expect(priceFor(RULE, { weightKg: '0.5', codAmount: '333.30' }).codFee).toBe('5.00');
    // 100 × 1.5 % = 1.50 → the minimum
    expect(priceFor(RULE, { weightKg: '0.5', codAmount: 100 }).codFee).toBe('5.00');
    // half up exactly at half a cent: 100.10 × 1.25 % = 1.25125 → 1.25; 100.20 × 1.25 % = 1.2525 → 1.25; 100.40 × 1.25 % = 1.255 → 1.26
    const noMin = { ...RULE, codFeeRate: '1.25', minCodFee: undefined };
    expect(priceFor(noMin, { weightKg: '0.5', codAmount: '100.10' }).codFee).toBe('1.25');
    expect(priceFor(noMin, { weightKg: '0.5', codAmount: '100.40' }).codFee).toBe('1.26');
  });

  it('charges no COD fee without a COD amount or with 0, whatever the minimum', () => {
    expect(priceFor(RULE, { weightKg: '0.5' }).codFee).toBe('0.00');
    expect(priceFor(RULE, { weightKg: '0.5', codAmount: '0' }).codFee).toBe('0.00');
    expect(priceFor(RULE, { weightKg: '0.5', codAmount: '0.00' }).codFee).toBe('0.00');
    expect(
      priceFor({ ...RULE, codFeeRate: '0', minCodFee: '0' }, { weightKg: '1', codAmount: '500' }).codFee,
    ).toBe('0.00');
  });

  it('adds freight and COD fee exactly, without floating-point drift', () => {
    const rule: PriceRule = {
      ...RULE,
      firstPrice: '0.10',
      stepPrice: '0.20',
      minCodFee: '0',
      codFeeRate: '10',
    };
    // 0.10 + 1 × 0.20 = 0.30 (not 0.30000000000000004); COD 0.70 × 10 % = 0.07
    expect(priceFor(rule, { weightKg: '0.6', codAmount: '0.70' })).toMatchObject({
      freight: '0.30',
      codFee: '0.07',
      total: '0.37',
    });
  });

  it('handles large parcels and amounts exactly', () => {
    const p = priceFor(
      { ...RULE, firstWeight: '10', firstPrice: '120.00', stepWeight: '1', stepPrice: '8.00' },
      { weightKg: '99999.999', codAmount: '999999.99' },
    );
    expect(p.chargeableWeight).toBe('99999.999');
    expect(p.freight).toBe('800040.00'); // 120 + 99990 × 8
    expect(p.codFee).toBe('15000.00'); // 999999.99 × 1.5 % = 14999.99985
    expect(p.total).toBe('815040.00');
  });

  it('reads numbers by their decimal form', () => {
    const p = priceFor(
      {
        ...RULE,
        firstWeight: 0.5,
        firstPrice: 38,
        stepWeight: 0.5,
        stepPrice: 16,
        codFeeRate: 1.5,
        minCodFee: 5,
      },
      { weightKg: 1.2, codAmount: 1000 },
    );
    expect(p).toMatchObject({ chargeableWeight: '1.200', freight: '70.00', codFee: '15.00', total: '85.00' });
  });

  it('answers an empty currency when the rule names none', () => {
    const { currency: _, ...rest } = RULE;
    expect(priceFor(rest, { weightKg: '1' }).currency).toBe('');
  });

  it('refuses negative or malformed numbers, a zero step and a bad divisor', () => {
    expect(() => priceFor(RULE, { weightKg: '-1' })).toThrow(RangeError);
    expect(() => priceFor(RULE, { weightKg: 'abc' })).toThrow(RangeError);
    expect(() => priceFor(RULE, { weightKg: Number.NaN })).toThrow(RangeError);
    expect(() => priceFor(RULE, { weightKg: '1', codAmount: '-5' })).toThrow(RangeError);
    expect(() => priceFor(RULE, { weightKg: '1', lengthCm: '1e3', widthCm: 1, heightCm: 1 })).toThrow(
      RangeError,
    );
    expect(() => priceFor({ ...RULE, stepWeight: '0' }, { weightKg: '1' })).toThrow(/stepWeight/);
    expect(() => priceFor({ ...RULE, stepWeight: '0.0001' }, { weightKg: '1' })).not.toThrow();
    expect(() => priceFor({ ...RULE, volumeDivisor: 0 }, { weightKg: '1' })).toThrow(/volumeDivisor/);
    expect(() => priceFor({ ...RULE, volumeDivisor: 6000.5 }, { weightKg: '1' })).toThrow(/volumeDivisor/);
  });
});
