import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayInZone,
  dayRangeTimes,
  dayStart,
  rangeDays,
} from '../../../src/shared/domain/zoned-time.ts';
import { arrangeColumns, movedOrder } from '../../../src/web/admin/kit/columns.ts';
import { createDeskFormat } from '../../../src/web/admin/kit/format.ts';

/** Intl puts bidi marks around Arabic separators and a no-break space after a currency code. */
const plain = (s: string) => s.replace(/[\u200e\u200f\u061c]/g, '').replace(/\u00a0/g, ' ');

describe('the desk formatter', () => {
  const cn = createDeskFormat('cn', 'Asia/Shanghai');
  const en = createDeskFormat('en', 'Asia/Shanghai');
  const ar = createDeskFormat('ar', 'Asia/Shanghai');
  // 18:14 UTC on 5 December is 02:14 on 6 December in Shanghai.
  const late = '2026-12-05T18:14:00Z';

  it('shows a moment on the business day and clock, each language its own way', () => {
    expect(cn.dateTime(late)).toBe('2026/12/06 02:14');
    expect(en.dateTime(late)).toBe('06/12/2026, 02:14');
    expect(plain(ar.dateTime(late))).toBe('06/12/2026، 02:14');
    expect(en.dateTimeSeconds('2026-12-05T18:14:09Z')).toBe('06/12/2026, 02:14:09');
    expect(cn.date(late)).toBe('2026/12/06');
    expect(en.time(late)).toBe('02:14');
  });

  it('follows the business time zone, not the reader’s', () => {
    const riyadh = createDeskFormat('en', 'Asia/Riyadh');
    expect(riyadh.dateTime(late)).toBe('05/12/2026, 21:14');
    expect(riyadh.date(late)).toBe('05/12/2026');
  });

  it('shows a business day as that day, whatever the zone', () => {
    const honolulu = createDeskFormat('en', 'Pacific/Honolulu');
    expect(honolulu.date('2026-12-06')).toBe('06/12/2026');
    expect(cn.date('2026-12-06')).toBe('2026/12/06');
    expect(en.month('2026-12')).toBe('12/2026');
    expect(cn.month('2026-12')).toBe('2026年12月');
  });

  it('writes a dash for what is missing or not a time', () => {
    expect(en.dateTime(null)).toBe('—');
    expect(en.dateTime(undefined)).toBe('—');
    expect(en.dateTime('not a time')).toBe('—');
    expect(en.count(null)).toBe('—');
    expect(en.money('', 'SAR')).toBe('—');
    expect(en.weight('1,5')).toBe('—');
  });

  it('groups counts and numbers in every language (Latin digits in Arabic too)', () => {
    expect(en.count(1234567)).toBe('1,234,567');
    expect(cn.count(1234567)).toBe('1,234,567');
    expect(ar.count(1234567)).toBe('1,234,567');
    expect(en.number('1234.5678')).toBe('1,234.57');
    expect(en.number(0.5, 1, 1)).toBe('0.5');
  });

  it('formats money exactly from the decimal string, with its currency’s digits', () => {
    expect(plain(en.money('1234567.5', 'SAR'))).toBe('SAR 1,234,567.50');
    expect(plain(ar.money('1234567.5', 'SAR'))).toBe('1,234,567.50 SAR');
    expect(plain(en.money('12.345', 'KWD'))).toBe('KWD 12.345');
    // Beyond a double's exact integers: formatted from the text, not through a float.
    expect(plain(en.money('90071992547409.93', 'CNY'))).toBe('CNY 90,071,992,547,409.93');
    expect(en.money('9', 'X1')).toBe('9.00 X1');
    expect(en.money('-5.1')).toBe('-5.10');
  });

  it('formats weights to the gram, with or without the unit', () => {
    expect(en.weight('1.25')).toBe('1.250');
    expect(en.weight('1234.5')).toBe('1,234.500');
    expect(plain(en.kg('0.5'))).toBe('0.500 kg');
    expect(plain(ar.kg('0.5'))).toBe('0.500 كغم');
  });

  it('formats shares', () => {
    expect(en.percent(1, 4)).toBe('25%');
    expect(en.percent(0, 0)).toBe('0%');
    expect(en.percent(0.333)).toBe('33.3%');
  });
});

describe('day ranges in the business time zone', () => {
  it('include the last day whole', () => {
    // 20 November to 6 December in Shanghai (UTC+8): from 19 Nov 16:00 UTC to 6 Dec 16:00 UTC.
    expect(dayRangeTimes('2026-11-20', '2026-12-06', 'Asia/Shanghai')).toEqual({
      startTime: '2026-11-19T16:00:00.000Z',
      endTime: '2026-12-06T16:00:00.000Z',
    });
    expect(dayRangeTimes(null, '2026-12-06', 'Asia/Riyadh')).toEqual({ endTime: '2026-12-06T21:00:00.000Z' });
    expect(dayRangeTimes(undefined, undefined, 'UTC')).toEqual({});
  });

  it('are read back as the same days', () => {
    const { startTime, endTime } = dayRangeTimes('2026-11-20', '2026-12-06', 'Asia/Shanghai');
    expect(rangeDays(startTime, endTime, 'Asia/Shanghai')).toEqual(['2026-11-20', '2026-12-06']);
    expect(rangeDays(undefined, undefined, 'Asia/Shanghai')).toEqual([null, null]);
  });

  it('hold across a daylight-saving change', () => {
    // New York moves to summer time on 8 March 2026: that day starts at 05:00 UTC, the next at 04:00.
    expect(dayStart('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStart('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(dayInZone(new Date('2026-03-09T03:59:59Z'), 'America/New_York')).toBe('2026-03-08');
  });

  it('count days on the calendar', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(() => addDays('2026-02-30', 1)).toThrow();
  });
});

describe('column settings', () => {
  const cols = [
    { key: 'no', title: 'No', fixed: 'start' },
    { dataIndex: 'a', title: 'A' },
    { dataIndex: 'b', title: 'B' },
    { dataIndex: 'c', title: 'C' },
    { key: 'actions', title: 'Actions', fixed: 'end' },
  ];
  const keys = (cs: typeof cols) => cs.map((c) => c.key ?? c.dataIndex);

  it('hide and reorder the movable columns, the fixed ones staying put', () => {
    expect(keys(arrangeColumns(cols, {}))).toEqual(['no', 'a', 'b', 'c', 'actions']);
    expect(keys(arrangeColumns(cols, { hidden: ['b'] }))).toEqual(['no', 'a', 'c', 'actions']);
    expect(keys(arrangeColumns(cols, { order: ['c', 'a'] }))).toEqual(['no', 'c', 'a', 'b', 'actions']);
    expect(keys(arrangeColumns(cols, { hidden: ['no'] }))).toEqual(['no', 'a', 'b', 'c', 'actions']);
  });

  it('move a column one place', () => {
    expect(movedOrder(cols, {}, 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(movedOrder(cols, { order: ['b', 'a', 'c'] }, 'b', 1)).toEqual(['a', 'b', 'c']);
    expect(movedOrder(cols, {}, 'a', -1)).toEqual(['a', 'b', 'c']);
  });
});
