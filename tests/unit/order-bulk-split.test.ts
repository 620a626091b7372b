import { describe, expect, it } from 'vitest';
import { splitBulk, splitBulkNumbers } from '../../src/shared/domain/bulk-split.ts';

describe('the bulk number splitter', () => {
  it('splits on new lines and commas, trims and drops empty items (spec 5)', () => {
    expect(splitBulk('GL0001\nGL0002,GL0003\r\n , ,\n\nGL0004 ')).toEqual([
      'GL0001',
      'GL0002',
      'GL0003',
      'GL0004',
    ]);
  });

  it('also splits on spaces, tabs, semicolons and full-width punctuation', () => {
    expect(splitBulk('A1 A2\tA3;A4，A5；A6、A7')).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7']);
  });

  it('keeps each item once, in first-seen order', () => {
    expect(splitBulk('b, a, b\na')).toEqual(['b', 'a']);
  });

  it('answers nothing for empty input', () => {
    expect(splitBulk('')).toEqual([]);
    expect(splitBulk(' \n,, ')).toEqual([]);
    expect(splitBulk(undefined)).toEqual([]);
  });

  it('upper-cases tracking numbers (case-insensitive) and merges what then repeats', () => {
    expect(splitBulkNumbers('gl001 GL001 sm2900')).toEqual(['GL001', 'SM2900']);
  });
});
