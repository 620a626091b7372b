import { describe, expect, it } from 'vitest';
import {
  type ChannelLimits,
  type LimitedOrder,
  limitIssues,
  limitSettingIssues,
  NO_LIMITS,
  shown,
  units,
} from '../../src/shared/domain/channel-limits.ts';

const limits: ChannelLimits = {
  maxWeight: '30.000',
  currencyLimits: [
    { currency: 'SAR', maxCod: '5000.00', minDeclared: '10.00', maxDeclared: '2000.00' },
    { currency: 'AED', maxCod: null, minDeclared: null, maxDeclared: '1000' },
  ],
};

const order = (more: Partial<LimitedOrder> = {}): LimitedOrder => ({
  weight: '1.2',
  isCod: true,
  codAmount: '150',
  codCurrency: 'SAR',
  goods: [{ quantity: 2, unitPrice: '9.90', currency: 'SAR' }],
  ...more,
});

const paths = (o: LimitedOrder, l: ChannelLimits = limits) => limitIssues(l, o).map((i) => i.path);

describe('the channel plausibility limits', () => {
  it('lets an order at the limits pass and refuses one just over, naming the limit and the value', () => {
    expect(paths(order({ weight: '30' }))).toEqual([]);
    expect(paths(order({ weight: '30.000' }))).toEqual([]);
    const over = limitIssues(limits, order({ weight: '30.001' }));
    expect(over).toEqual([
      {
        path: 'weight',
        descriptor: expect.objectContaining({ id: 'order.weightOverLimit' }),
        values: { weight: '30.001', max: '30' },
      },
    ]);
    expect(limitIssues(limits, order({ weight: '35' }))[0]!.values).toEqual({ weight: '35', max: '30' });

    expect(paths(order({ codAmount: '5000' }))).toEqual([]);
    expect(limitIssues(limits, order({ codAmount: '5000.01' }))).toEqual([
      {
        path: 'codAmount',
        descriptor: expect.objectContaining({ id: 'order.codOverLimit' }),
        values: { amount: '5000.01', max: '5000', currency: 'SAR' },
      },
    ]);
  });

  it('sums the declared value per currency and holds it to the range of that currency', () => {
    // 2 × 1000.00 = 2000.00: at the highest.
    expect(paths(order({ goods: [{ quantity: '2', unitPrice: '1000', currency: 'SAR' }] }))).toEqual([]);
    const over = limitIssues(
      limits,
      order({
        goods: [
          { quantity: '2', unitPrice: '999.99', currency: 'SAR' },
          { quantity: 1, unitPrice: '0.03', currency: 'SAR' },
        ],
      }),
    );
    expect(over.map((i) => [i.path, i.descriptor.id, i.values])).toEqual([
      ['goods', 'order.declaredOverLimit', { value: '2000.01', max: '2000', currency: 'SAR' }],
    ]);
    // 10.00 is the lowest: 9.99 is under it.
    expect(paths(order({ goods: [{ quantity: 1, unitPrice: '10', currency: 'SAR' }] }))).toEqual([]);
    const under = limitIssues(
      limits,
      order({ goods: [{ quantity: 1, unitPrice: '9.99', currency: 'SAR' }] }),
    );
    expect(under.map((i) => [i.descriptor.id, i.values])).toEqual([
      ['order.declaredUnderLimit', { value: '9.99', min: '10', currency: 'SAR' }],
    ]);
    // A sum that floats would get wrong (0.1 + 0.2) is exact here.
    const exact: ChannelLimits = {
      maxWeight: null,
      currencyLimits: [{ currency: 'USD', maxCod: null, minDeclared: null, maxDeclared: '0.30' }],
    };
    const cents = [
      { quantity: 1, unitPrice: '0.10', currency: 'USD' },
      { quantity: 1, unitPrice: '0.20', currency: 'USD' },
    ];
    expect(paths(order({ goods: cents }), exact)).toEqual([]);
  });

  it('leaves other currencies and empty limits alone', () => {
    const big = order({
      codAmount: '999999999',
      codCurrency: 'KWD',
      goods: [{ quantity: 99, unitPrice: '99999', currency: 'USD' }],
    });
    expect(paths(big)).toEqual([]);
    expect(paths(order({ weight: '999', codAmount: '999999999' }), NO_LIMITS)).toEqual([]);
    // AED limits only the declared value's highest: its COD is free, and SAR's limits do not apply.
    expect(
      paths(
        order({
          codCurrency: 'AED',
          codAmount: '99999',
          goods: [{ quantity: 1, unitPrice: '1', currency: 'AED' }],
        }),
      ),
    ).toEqual([]);
    // A COD that is not asked for is not looked at.
    expect(paths(order({ isCod: false, codAmount: '99999' }))).toEqual([]);
    // Values the entry rules refuse are not reported twice.
    expect(paths(order({ weight: 'abc', codAmount: '-5' }))).toEqual([]);
  });

  it('checks the limits an office sets', () => {
    expect(limitSettingIssues(NO_LIMITS)).toEqual([]);
    expect(limitSettingIssues(limits)).toEqual([]);
    const bad = limitSettingIssues({
      maxWeight: '-1',
      currencyLimits: [
        { currency: 'SAR', maxCod: '-5', minDeclared: '100', maxDeclared: '50' },
        { currency: 'SAR', maxCod: '1', minDeclared: null, maxDeclared: null },
        { currency: 'USD', maxCod: null, minDeclared: null, maxDeclared: null },
        { currency: 'AED', maxCod: '1000000000.01', minDeclared: '0', maxDeclared: '0' },
      ],
    });
    expect(bad.map((i) => [i.path, i.descriptor.id])).toEqual([
      ['maxWeight', 'shipping.weightRange'],
      ['currencyLimits.0.maxCod', 'shipping.amountRange'],
      ['currencyLimits.0.minDeclared', 'shipping.declaredRangeInverted'],
      ['currencyLimits.1.currency', 'shipping.limitCurrencyTwice'],
      ['currencyLimits.2.currency', 'shipping.limitRowEmpty'],
      ['currencyLimits.3.maxCod', 'shipping.amountRange'],
    ]);
    expect(limitSettingIssues({ maxWeight: '0', currencyLimits: [] }).map((i) => i.path)).toEqual([
      'maxWeight',
    ]);
  });

  it('reads and writes decimals exactly', () => {
    expect(units('30', 3)).toBe(30000n);
    expect(units('0.5', 2)).toBe(50n);
    expect(units('1.230', 2)).toBe(123n);
    expect(units('1.235', 2)).toBeNull();
    expect(units('-1', 2)).toBeNull();
    expect(units('', 2)).toBeNull();
    expect(shown(30500n, 3)).toBe('30.5');
    expect(shown(1250n, 2, true)).toBe('12.50');
    expect(shown(500000n, 2, true)).toBe('5000');
  });
});
