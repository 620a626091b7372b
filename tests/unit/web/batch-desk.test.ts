import { describe, expect, it } from 'vitest';
import { batchActions, batchFiltersOf, printBatchHref } from '../../../src/web/admin/batch/search.ts';
import { exchangeFiltersOf } from '../../../src/web/admin/exchange/search.ts';
import { ladingFiltersOf, ladingListSearch } from '../../../src/web/admin/lading/search.ts';
import { overseasFiltersOf, overseasListSearch } from '../../../src/web/admin/overseas-lading/search.ts';
import { CHOICE_NEEDS, choiceMax, missingOf, numbersOf } from '../../../src/web/print/print-choices.ts';

describe('batch desk', () => {
  it('offers only the operations the server would accept for a batch', () => {
    const open = { pickupStatus: 1, ladingCount: 2 };
    expect(batchActions(open)).toEqual({ pickup: true, cancel: true, scan: true, edit: true });
    expect(batchActions({ ...open, ladingCount: 0 }).pickup).toBe(false);
    expect(batchActions({ ...open, pickupStatus: 2 })).toEqual({
      pickup: false,
      cancel: false,
      scan: false,
      edit: true,
    });
    expect(batchActions({ ...open, pickupStatus: 3 }).edit).toBe(false);
  });

  it('keeps each tab’s filters apart in the one URL of ladingBll/manage', () => {
    const s = ladingListSearch.parse({
      tab: 'batches',
      batchNos: 'BT1;BT2 BT3',
      airlineBillNo: ' 999-1 ',
      batched: '0',
      pickupStatus: '2',
      nos: 'LD1',
    });
    expect(batchFiltersOf(s)).toEqual({
      batchNos: 'BT1;BT2 BT3',
      airlineBillNo: '999-1',
      airCargoNo: undefined,
      ladingNo: undefined,
      pickupStatus: 2,
      startTime: undefined,
      endTime: undefined,
    });
    expect(ladingFiltersOf(s)).toMatchObject({ nos: 'LD1', batched: 0, pickupStatus: 2 });
    expect(ladingFiltersOf(s)).not.toHaveProperty('batchNos');
    expect(ladingListSearch.parse({ tab: 'other', batched: '5' })).toMatchObject({
      tab: undefined,
      batched: undefined,
    });
  });

  it('keeps the exchange filters beside the overseas bills’ in ladingBll/overseas', () => {
    const s = overseasListSearch.parse({
      tab: 'exchange',
      exchanged: '1',
      trackingNos: 'A B',
      carrierId: '3',
    });
    expect(exchangeFiltersOf(s)).toMatchObject({ exchanged: 1, trackingNos: 'A B', carrierId: 3 });
    expect(overseasFiltersOf(s)).not.toHaveProperty('exchanged');
    expect(overseasListSearch.parse({ exchanged: '2' }).exchanged).toBeUndefined();
  });

  it('prints at most 50 batches from the list', () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ recId: i + 1 }));
    expect(printBatchHref(many)).toBe(
      `/print/printBatch?ids=${many
        .slice(0, 50)
        .map((b) => b.recId)
        .join(',')}`,
    );
  });
});

describe('print by number', () => {
  it('splits batch nos on space, semicolon and line break, other numbers as bulk text', () => {
    expect(numbersOf('batch', 'bt1; BT2\r\nbt3  bt1')).toEqual(['BT1', 'BT2', 'BT3']);
    expect(numbersOf('lading', 'ld1,LD2\nld1')).toEqual(['LD1', 'LD2']);
    expect(numbersOf('labels', '  ')).toEqual([]);
  });

  it('names the numbers no record answered, and bounds what prints at once', () => {
    expect(missingOf(['A1', 'B2', 'C3'], ['b2', 'A1'])).toEqual(['C3']);
    expect(choiceMax('batch')).toBe(50);
    expect(choiceMax('labels')).toBe(1000);
    expect(CHOICE_NEEDS.labels).toEqual([]);
    expect(CHOICE_NEEDS.batch).toEqual(['batch:view', 'batch:print']);
  });
});
