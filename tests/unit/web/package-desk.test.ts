import { describe, expect, it } from 'vitest';
import { overseasListSearch } from '../../../src/web/admin/overseas-lading/search.ts';
import { canCancel, canConfirm, canPickup } from '../../../src/web/admin/package/bill-rules.ts';
import { packageFiltersOf, packageListSearch } from '../../../src/web/admin/package/search.ts';

const open = { confirmState: 0, pickupStatus: 1, orderCount: 2, ladingId: null };
const confirmed = { ...open, confirmState: 1 };

describe('which operations a package or overseas bill allows', () => {
  it('confirms an open bill holding orders, not an empty, confirmed or cancelled one', () => {
    expect(canConfirm(open)).toBe(true);
    expect(canConfirm({ ...open, orderCount: 0 })).toBe(false);
    expect(canConfirm(confirmed)).toBe(false);
    expect(canConfirm({ ...open, pickupStatus: 3 })).toBe(false);
  });

  it('picks up a confirmed bill not yet picked up, unless the package is in a lading bill', () => {
    expect(canPickup(open)).toBe(false);
    expect(canPickup(confirmed)).toBe(true);
    expect(canPickup({ ...confirmed, pickupStatus: 2 })).toBe(false);
    expect(canPickup({ ...confirmed, ladingId: 7 })).toBe(false);
    // An overseas bill has no lading bill.
    expect(canPickup({ confirmState: 1, pickupStatus: 1, orderCount: 1 })).toBe(true);
  });

  it('cancels a bill not picked up nor cancelled, unless the package is in a lading bill', () => {
    expect(canCancel(open)).toBe(true);
    expect(canCancel(confirmed)).toBe(true);
    expect(canCancel({ ...open, pickupStatus: 2 })).toBe(false);
    expect(canCancel({ ...open, pickupStatus: 3 })).toBe(false);
    expect(canCancel({ ...confirmed, ladingId: 7 })).toBe(false);
  });
});

describe('the lists’ URL search', () => {
  it('keeps what parses and drops what does not, rather than failing the page', () => {
    const s = packageListSearch.parse({
      pageNo: '2',
      id: 'x',
      nos: ' PK1\nPK2 ',
      pickupStatus: '2',
      confirmState: '5',
      startTime: 'yesterday',
    });
    expect(s).toMatchObject({ pageNo: 2, nos: 'PK1\nPK2', pickupStatus: '2' });
    expect(s.id).toBeUndefined();
    expect(s.confirmState).toBeUndefined();
    expect(s.startTime).toBeUndefined();
    expect(overseasListSearch.parse({ channelId: '-3', carrierId: '4' })).toMatchObject({
      channelId: undefined,
      carrierId: 4,
    });
  });

  it('sends the filters but neither the page nor the open package', () => {
    const {
      pageNo: _p,
      pageSize: _s,
      id: _i,
      ...rest
    } = packageListSearch.parse({
      pageNo: 3,
      id: 9,
      trackingNo: 'gl1',
      customerId: 4,
    });
    expect(packageFiltersOf(rest)).toEqual({
      nos: undefined,
      trackingNo: 'gl1',
      customerId: 4,
      consigneeName: undefined,
      pickupStatus: undefined,
      confirmState: undefined,
      startTime: undefined,
      endTime: undefined,
    });
  });
});
