import { describe, expect, it } from 'vitest';
import { isolate, ltrFileName } from '../../src/shared/i18n/bidi.ts';

describe('ltrFileName', () => {
  it('isolates the right-to-left runs of a file name, nothing else', () => {
    expect(ltrFileName('المناطق-20261207154002.xlsx')).toBe(`${isolate('المناطق')}-20261207154002.xlsx`);
    expect(ltrFileName('تصدير الطلبات-1.xlsx')).toBe(`${isolate('تصدير الطلبات')}-1.xlsx`);
    expect(ltrFileName('Regions-20261207153939.xlsx')).toBe('Regions-20261207153939.xlsx');
    expect(ltrFileName('区域-1.xlsx')).toBe('区域-1.xlsx');
  });
});
