import { describe, expect, it } from 'vitest';
import { addDecimals } from '../../src/server/modules/analysis/analysis-scope.ts';
import {
  addDays,
  daySpan,
  daysOf,
  FUNNEL_STAGES,
  funnelCounts,
  funnelReach,
  today,
} from '../../src/shared/domain/analysis.ts';
import { ORDER_STATUSES, OrderStatus } from '../../src/shared/domain/order-status.ts';

describe('analysis days', () => {
  it('counts business days inclusively across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daySpan('2025-12-31', '2026-01-01')).toBe(2);
    expect(daySpan('2026-01-02', '2026-01-01')).toBe(0);
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(daysOf('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('tells today in a time zone: 23:30 UTC is already tomorrow in Shanghai', () => {
    const at = new Date('2026-05-10T23:30:00Z');
    expect(today('UTC', at)).toBe('2026-05-10');
    expect(today('Asia/Shanghai', at)).toBe('2026-05-11');
  });
});

describe('the status funnel', () => {
  it('places each status on the main line: returned went out for delivery, lost reached the warehouse', () => {
    expect(funnelReach(OrderStatus.created)).toBe(0);
    expect(funnelReach(OrderStatus.signed)).toBe(FUNNEL_STAGES.length - 1);
    expect(funnelReach(OrderStatus.returned)).toBe(FUNNEL_STAGES.indexOf(OrderStatus.outForDelivery));
    expect(funnelReach(OrderStatus.lost)).toBe(FUNNEL_STAGES.indexOf(OrderStatus.received));
    expect(funnelReach(OrderStatus.cancelled)).toBe(0);
  });

  it('counts the orders that got at least that far, never widening', () => {
    const byStatus = new Map<number, number>(ORDER_STATUSES.map((s) => [s, 10]));
    // 105 arrivals: the 100 orders received or further along, and 5 cancelled after their receipt.
    const counts = funnelCounts(byStatus, 105);
    expect(counts[0]).toBe(120);
    expect(counts[1]).toBe(105);
    expect(counts[2]).toBe(80);
    expect(counts[FUNNEL_STAGES.length - 1]).toBe(10);
    for (let k = 1; k < counts.length; k++) expect(counts[k]).toBeLessThanOrEqual(counts[k - 1]!);
    // Fewer arrivals recorded than orders past the warehouse: the stage is not below them.
    expect(funnelCounts(byStatus, 0)[1]).toBe(100);
  });
});

describe('decimal sums', () => {
  it('adds weights and amounts exactly, whatever their number of decimals', () => {
    expect(addDecimals(['0.1', '0.2'], 3)).toBe('0.300');
    expect(addDecimals(['1234567890.125', '0.875', '-1'], 3)).toBe('1234567890.000');
    expect(addDecimals(['-0.50', '0.25'], 2)).toBe('-0.25');
    expect(addDecimals([], 2)).toBe('0.00');
  });
});
