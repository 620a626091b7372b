import { describe, expect, it } from 'vitest';
import {
  addDays,
  cyclePeriod,
  cycleWindow,
  granularPeriod,
  isBusinessDate,
  parsePeriodKey,
  periodKey,
  weekStart,
} from '../../src/shared/domain/report-period.ts';

describe('report periods', () => {
  it('reads real calendar dates only', () => {
    expect(isBusinessDate('2024-02-29')).toBe(true);
    expect(isBusinessDate('2023-02-29')).toBe(false);
    expect(isBusinessDate('2024-13-01')).toBe(false);
    expect(isBusinessDate('2024-3-01')).toBe(false);
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
  });

  it('draws each settlement cycle’s period around a day', () => {
    expect(cyclePeriod('perOrder', '2024-03-20')).toEqual({ start: '2024-03-20', end: '2024-03-20' });
    // 2024-03-20 is a Wednesday; weeks run Monday to Sunday, across months too.
    expect(cyclePeriod('weekly', '2024-03-20')).toEqual({ start: '2024-03-18', end: '2024-03-24' });
    expect(cyclePeriod('weekly', '2024-03-31')).toEqual({ start: '2024-03-25', end: '2024-03-31' });
    expect(cyclePeriod('weekly', '2024-05-01')).toEqual({ start: '2024-04-29', end: '2024-05-05' });
    expect(cyclePeriod('semiMonthly', '2024-02-15')).toEqual({ start: '2024-02-01', end: '2024-02-15' });
    expect(cyclePeriod('semiMonthly', '2024-02-16')).toEqual({ start: '2024-02-16', end: '2024-02-29' });
    expect(cyclePeriod('monthly', '2023-02-10')).toEqual({ start: '2023-02-01', end: '2023-02-28' });
    expect(weekStart('2024-03-18')).toBe('2024-03-18');
  });

  it('widens a range to every whole period of any cycle that overlaps it', () => {
    const range = { start: '2024-05-01', end: '2024-05-01' };
    const window = cycleWindow(range);
    for (const cycle of ['perOrder', 'weekly', 'semiMonthly', 'monthly'] as const) {
      const p = cyclePeriod(cycle, range.start);
      expect(p.start >= window.start && p.end <= window.end, cycle).toBe(true);
    }
    expect(window).toEqual({ start: '2024-04-29', end: '2024-05-31' });
  });

  it('clips a month row to the range asked', () => {
    const range = { start: '2024-03-10', end: '2024-04-05' };
    expect(granularPeriod('month', '2024-03-20', range)).toEqual({
      start: '2024-03-10',
      end: '2024-03-31',
      label: '2024-03',
    });
    expect(granularPeriod('month', '2024-04-02', range)).toEqual({
      start: '2024-04-01',
      end: '2024-04-05',
      label: '2024-04',
    });
    expect(granularPeriod('day', '2024-04-02', range)).toEqual({
      start: '2024-04-02',
      end: '2024-04-02',
      label: '2024-04-02',
    });
  });

  it('names a customer’s period by an id that reads back, and refuses ids that name none', () => {
    const id = periodKey(3, { start: '2024-03-01', end: '2024-03-31' });
    expect(id).toBe('3-20240301-20240331');
    expect(parsePeriodKey(id)).toEqual({ customerId: 3, start: '2024-03-01', end: '2024-03-31' });
    for (const bad of [
      '0-20240301-20240331',
      '3-20240331-20240301',
      '3-20240230-20240301',
      '3-20230101-20240102',
      '3-2024031-20240331',
      'x',
    ])
      expect(parsePeriodKey(bad), bad).toBeNull();
    expect(parsePeriodKey('3-20230101-20240101')).not.toBeNull();
  });
});
