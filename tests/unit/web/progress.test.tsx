// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageLoading, useProgressPhase } from '../../../src/web/ui/top-progress.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the top progress bar', () => {
  it('shows nothing for a load shorter than the 200 ms throttle', () => {
    const { result, rerender } = renderHook(({ active }) => useProgressPhase(active), {
      initialProps: { active: true },
    });
    advance(150);
    expect(result.current).toBe('hidden');
    rerender({ active: false });
    advance(500);
    expect(result.current).toBe('hidden');
  });

  it('runs after 200 ms, completes when the load ends, then hides', () => {
    const { result, rerender } = renderHook(({ active }) => useProgressPhase(active), {
      initialProps: { active: true },
    });
    advance(199);
    expect(result.current).toBe('hidden');
    advance(1);
    expect(result.current).toBe('running');
    rerender({ active: false });
    expect(result.current).toBe('done');
    advance(300);
    expect(result.current).toBe('hidden');
  });

  it('runs on at once when a new load starts while it finishes', () => {
    const { result, rerender } = renderHook(({ active }) => useProgressPhase(active), {
      initialProps: { active: true },
    });
    advance(200);
    rerender({ active: false });
    expect(result.current).toBe('done');
    rerender({ active: true });
    advance(0);
    expect(result.current).toBe('running');
  });
});

describe('the page-loading indicator', () => {
  it('is on from mount and finishes after 500 ms, again for each new page', () => {
    const { result, rerender } = renderHook(({ page }) => usePageLoading(page), {
      initialProps: { page: '/admin' },
    });
    expect(result.current).toBe(true);
    advance(499);
    expect(result.current).toBe(true);
    advance(1);
    expect(result.current).toBe(false);
    rerender({ page: '/admin/order/list' });
    expect(result.current).toBe(true);
    advance(500);
    expect(result.current).toBe(false);
  });
});
