// @vitest-environment happy-dom
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { typedDays } from '../../../src/web/admin/kit/filter-fields.tsx';

function picker(start: string, end: string) {
  const root = document.createElement('div');
  root.className = 'ant-picker ant-picker-range';
  for (const text of [start, end]) {
    const input = document.createElement('input');
    input.value = text;
    root.append(input);
  }
  document.body.append(root);
  return root.querySelectorAll('input');
}

/** The day range takes what is typed when focus leaves it, before the picker's own late commit. */
describe('typedDays', () => {
  it('reads days typed with dashes, slashes or as eight digits', () => {
    const [start] = picker('2026/11/22', '20261206');
    const days = typedDays(start!, [null, null]);
    expect(days?.map((d) => d?.format('YYYY-MM-DD'))).toEqual(['2026-11-22', '2026-12-06']);
  });

  it('keeps the days already chosen where a field is empty or unreadable, and says when nothing changed', () => {
    const chosen = [dayjs('2026-11-01'), dayjs('2026-11-30')] as const;
    const [start] = picker('', '2026-13-45');
    expect(typedDays(start!, chosen)).toBeNull();
    const [again] = picker('2026-11-01', '2026-11-30');
    expect(typedDays(again!, chosen)).toBeNull();
    const [one] = picker('2026-11-02', '');
    expect(typedDays(one!, chosen)?.map((d) => d?.format('YYYY-MM-DD'))).toEqual([
      '2026-11-02',
      '2026-11-30',
    ]);
  });

  it('reads nothing outside a range picker', () => {
    expect(typedDays(document.createElement('input'), null)).toBeNull();
  });
});
