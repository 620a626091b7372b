import { describe, expect, it } from 'vitest';
import { defaultRange } from '../../../src/web/admin/report/report-search.ts';
import { int, oneOf, searchSchema, text, time } from '../../../src/web/ui/search-params.ts';

describe('search parameters of a page', () => {
  const schema = searchSchema({ page: int(1, 10), q: text(5), state: oneOf(['0', '1']), from: time });

  it('keeps what parses, as the router reads the address (numbers and booleans too)', () => {
    expect(schema.parse({ page: '3', q: ' ab ', state: 1, from: '2024-05-01T08:00:00.5+08:00' })).toEqual({
      page: 3,
      q: 'ab',
      state: '1',
      from: '2024-05-01T08:00:00.5+08:00',
    });
    expect(schema.parse({ page: 10, q: 123, state: '0' })).toEqual({ page: 10, q: '123', state: '0' });
  });

  it('drops what does not parse rather than failing the page, and leaves out unknown keys', () => {
    const parsed = schema.parse({ page: '0', q: 'toolong', state: '2', from: '2024-02-30T00:00:00Z', x: 1 });
    expect(parsed).toEqual({ page: undefined, q: undefined, state: undefined, from: undefined });
    expect('x' in parsed).toBe(false);
    expect(schema.parse({})).toEqual({});
  });

  it('reads integers strictly: no fractions, blanks, objects or out-of-range values', () => {
    const page = int(1, 10);
    const bad = ['1.5', '', ' ', null, [2], {}, 11, -1, true, '0x2'];
    expect(bad.map(page)).toEqual(bad.map(() => undefined));
    expect([page(' 7 '), page(7)]).toEqual([7, 7]);
  });

  it('takes ISO date-times with an offset on real calendar days only', () => {
    expect(time('2024-02-29T23:59:59Z')).toBe('2024-02-29T23:59:59Z');
    for (const bad of ['2023-02-29T00:00:00Z', '2024-01-01T06:15Z', '2024-01-01', '2024-13-01T00:00:00Z', 5])
      expect(time(bad)).toBeUndefined();
  });
});

describe('the default range of the report screens', () => {
  it('runs from the first day of the month, months back, to today (the browser’s dates)', () => {
    const now = new Date(2026, 2, 31, 23, 30);
    expect(defaultRange(0, now)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(defaultRange(1, now)).toEqual({ startDate: '2026-02-01', endDate: '2026-03-31' });
    expect(defaultRange(3, new Date(2026, 0, 5))).toEqual({ startDate: '2025-10-01', endDate: '2026-01-05' });
  });
});
