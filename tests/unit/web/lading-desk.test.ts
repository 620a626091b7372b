import { describe, expect, it } from 'vitest';
import { clearanceSearch, parseClearanceNos } from '../../../src/web/admin/lading/clearance-search.ts';
import {
  ladingActions,
  ladingFiltersOf,
  ladingListSearch,
  printLadingHref,
} from '../../../src/web/admin/lading/search.ts';
import { printIds } from '../../../src/web/print/search.ts';

const bill = { confirmState: 0, pickupStatus: 1, itemCount: 2, mailState: 0 };

describe('lading desk', () => {
  it('offers only the operations the server would accept for a bill', () => {
    expect(ladingActions(bill)).toEqual({ confirm: true, pickup: false, cancel: true, mailRetry: false });
    expect(ladingActions({ ...bill, itemCount: 0 }).confirm).toBe(false);
    expect(ladingActions({ ...bill, confirmState: 1 })).toEqual({
      confirm: false,
      pickup: true,
      cancel: true,
      mailRetry: false,
    });
    const picked = { ...bill, confirmState: 1, pickupStatus: 2 };
    expect(ladingActions({ ...picked, mailState: 2 })).toEqual({
      confirm: false,
      pickup: false,
      cancel: false,
      mailRetry: true,
    });
    expect(ladingActions({ ...picked, mailState: 1 }).mailRetry).toBe(false);
    expect(ladingActions({ ...bill, pickupStatus: 3 }).cancel).toBe(false);
  });

  it('keeps what parses of the URL and drops the rest', () => {
    const s = ladingListSearch.parse({
      pageNo: '2',
      pickupStatus: '7',
      mailState: '2',
      nos: ' A1 B2 ',
      open: 'x',
    });
    expect(s).toMatchObject({ pageNo: 2, mailState: 2, nos: 'A1 B2' });
    expect(s.pickupStatus).toBeUndefined();
    expect(s.open).toBeUndefined();
    expect(ladingFiltersOf(s)).toMatchObject({ mailState: 2, nos: 'A1 B2' });
    expect(clearanceSearch.parse({ clearanceStatus: '4' }).clearanceStatus).toBe(4);
    expect(clearanceSearch.parse({ clearanceStatus: '5' }).clearanceStatus).toBeUndefined();
  });

  it('prints at most 50 distinct valid bill ids', () => {
    expect(printIds({ ids: '3, 3,x,0,-1 7' })).toEqual([3, 7]);
    expect(printIds({ ids: undefined })).toEqual([]);
    const many = Array.from({ length: 60 }, (_, i) => ({ recId: i + 1 }));
    expect(printIds({ ids: many.map((b) => b.recId).join(',') })).toHaveLength(50);
    expect(printLadingHref(many)).toBe(
      `/print/printLading?ids=${many
        .slice(0, 50)
        .map((b) => b.recId)
        .join(',')}`,
    );
  });

  it('reads clearance nos one order a line', () => {
    expect(parseClearanceNos('GL1 C-1\n\n  GL2,C/2 \r\nGL3;C_3\nGL4')).toEqual([
      { trackingNo: 'GL1', clearanceNo: 'C-1' },
      { trackingNo: 'GL2', clearanceNo: 'C/2' },
      { trackingNo: 'GL3', clearanceNo: 'C_3' },
      { trackingNo: 'GL4', clearanceNo: '' },
    ]);
  });
});
