import { describe, expect, it } from 'vitest';
import {
  isDecimal,
  type OrderEntry,
  orderEntryIssues,
  WEIGHT_RULE,
} from '../../src/shared/domain/order-entry.ts';

const GOOD: OrderEntry = {
  weight: '1.25',
  packageCount: '1',
  isCod: true,
  codAmount: '199.00',
  codCurrency: 'SAR',
  consignee: { phone: '+966 50 123 4567' },
  goods: [
    { nameEn: 'T-shirt', nameCn: 'T恤', quantity: '2', hsCode: '610910', unitPrice: '9.90', currency: 'USD' },
  ],
};

const issues = (e: Partial<OrderEntry>) =>
  orderEntryIssues({ ...GOOD, ...e }).map((i) => `${i.path}: ${i.descriptor.message}`);

describe('order entry checks', () => {
  it('accepts a good order', () => {
    expect(orderEntryIssues(GOOD)).toEqual([]);
  });

  it('says the spec messages: empty English goods name, bad numbers', () => {
    expect(
      issues({
        weight: 'abc',
        goods: [{ nameEn: ' ', quantity: '1.5', unitPrice: '-1', currency: 'USD' }],
      }),
    ).toEqual([
      'weight: Enter a correct number',
      'goods.0.nameEn: English goods name cannot be empty',
      'goods.0.quantity: Enter a correct number',
      'goods.0.unitPrice: Enter a correct number',
    ]);
  });

  it('wants at least one goods line', () => {
    expect(issues({ goods: [] })).toEqual(['goods: Add at least one goods line']);
  });

  it('checks weight, sides and package count ranges', () => {
    expect(issues({ weight: '0' })).toEqual(['weight: Enter a correct number']);
    expect(issues({ weight: '1.2345' })).toEqual(['weight: Enter a correct number']);
    expect(issues({ length: '10', width: '0', height: 'x' })).toEqual([
      'width: Enter a correct number',
      'height: Enter a correct number',
    ]);
    expect(issues({ packageCount: '0' })).toEqual(['packageCount: Enter a correct number']);
  });

  it('wants a COD amount above 0 and its currency for a COD order, nothing for another', () => {
    expect(issues({ codAmount: '0', codCurrency: 'sar' })).toEqual([
      'codAmount: Enter a correct number',
      'codCurrency: Choose a currency',
    ]);
    expect(issues({ isCod: false, codAmount: undefined, codCurrency: undefined })).toEqual([]);
  });

  it('checks phones, HS codes, currencies and the customer no', () => {
    expect(
      issues({
        customerNo: 'has space',
        consignee: { phone: '12', phone2: 'abc' },
        goods: [{ nameEn: 'Cup', quantity: '1', unitPrice: '1', currency: 'US', hsCode: '12' }],
      }),
    ).toEqual([
      'customerNo: Use up to 50 letters, digits, hyphens or underscores',
      'consignee.phone: Enter a correct phone number',
      'consignee.phone2: Enter a correct phone number',
      'goods.0.currency: Choose a currency',
      'goods.0.hsCode: An HS code has 6 to 13 digits',
    ]);
  });

  it('reads decimals strictly: no sign, exponent or extra decimals', () => {
    for (const bad of ['-1', '1e3', '1.', '.5', ' 1', '1,5', '10000'])
      expect(isDecimal(bad, WEIGHT_RULE), bad).toBe(false);
    for (const ok of ['0.001', '9999.999', '12']) expect(isDecimal(ok, WEIGHT_RULE), ok).toBe(true);
  });
});
