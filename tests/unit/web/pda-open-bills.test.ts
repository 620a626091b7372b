import { describe, expect, it, vi } from 'vitest';
import { allPages, OPEN_BILLS_MAX } from '../../../src/web/api/queries/pda.ts';

const pageOf = (n: number, from: number) => ({ records: Array.from({ length: n }, (_, i) => from + i) });

describe('the open bills a scanner chooses from', () => {
  it('reads every page until a short one, not only the newest page', async () => {
    const sizes = [500, 500, 120];
    const page = vi.fn(async (pageNo: number) => pageOf(sizes[pageNo - 1]!, (pageNo - 1) * 500));
    const all = await allPages(page);
    expect(page.mock.calls.map((c) => c[0])).toEqual([1, 2, 3]);
    expect(all).toHaveLength(1120);
    expect(all.at(-1)).toBe(1119);
  });

  it('stops at a full last page answering nothing more, and at OPEN_BILLS_MAX bills', async () => {
    const two = vi.fn(async (pageNo: number) => pageOf(pageNo <= 2 ? 500 : 0, 0));
    expect(await allPages(two)).toHaveLength(1000);
    expect(two).toHaveBeenCalledTimes(3);
    const endless = vi.fn(async () => pageOf(500, 0));
    expect(await allPages(endless)).toHaveLength(OPEN_BILLS_MAX);
    expect(endless).toHaveBeenCalledTimes(OPEN_BILLS_MAX / 500);
  });
});
