import { describe, expect, it } from 'vitest';
import { InterceptState } from '../../src/shared/domain/order-rules.ts';
import { OrderStatus as S } from '../../src/shared/domain/order-status.ts';
import {
  heldReason,
  ladingHolderVerdict,
  ladingOrderVerdict,
  ladingScanVerdict,
  type RuleOrder,
} from '../../src/shared/domain/scan-rule.ts';

const bill = { channelId: 7, countryId: 40 };
const ok: RuleOrder = {
  status: S.received,
  interceptState: InterceptState.none,
  channelId: 7,
  consigneeCountryId: 40,
  inPackage: null,
  inLading: null,
};

describe('the lading scan rule (server and PDA)', () => {
  it('lets a received order of the bill’s channel and country in', () => {
    expect(ladingScanVerdict(bill, ok)).toBeNull();
    expect(ladingScanVerdict({ channelId: 7, countryId: null }, { ...ok, consigneeCountryId: 3 })).toBeNull();
  });

  it('refuses in the server’s order: unknown, held, not received, status, channel, country, package', () => {
    expect(ladingScanVerdict(bill, undefined)).toEqual({ reason: 'unknown' });
    // Cancelled wins over everything else about the order.
    expect(ladingScanVerdict(bill, { ...ok, status: S.cancelled, channelId: 1, inPackage: 'PK1' })).toEqual({
      reason: 'cancelled',
    });
    expect(
      ladingScanVerdict(bill, { ...ok, interceptState: InterceptState.requested, channelId: 1 }),
    ).toEqual({
      reason: 'intercepted',
    });
    expect(ladingScanVerdict(bill, { ...ok, interceptState: InterceptState.succeeded })).toEqual({
      reason: 'intercepted',
    });
    // A failed interception does not hold the parcel.
    expect(ladingScanVerdict(bill, { ...ok, interceptState: InterceptState.failed })).toBeNull();
    expect(ladingScanVerdict(bill, { ...ok, status: S.created, channelId: 1 })).toEqual({
      reason: 'notReceived',
    });
    expect(ladingScanVerdict(bill, { ...ok, status: S.pickedUp, channelId: 1 })).toEqual({
      reason: 'wrongStatus',
      status: S.pickedUp,
    });
    expect(ladingScanVerdict(bill, { ...ok, channelId: 8, consigneeCountryId: 1 })).toEqual({
      reason: 'wrongChannel',
      channelId: 8,
      billChannelId: 7,
    });
    expect(ladingScanVerdict(bill, { ...ok, consigneeCountryId: 41, inPackage: 'PK1' })).toEqual({
      reason: 'wrongCountry',
      countryId: 41,
      billCountryId: 40,
    });
    expect(ladingScanVerdict(bill, { ...ok, inPackage: 'PK1' })).toEqual({
      reason: 'inPackage',
      packageNo: 'PK1',
    });
  });

  it('refuses an order in lading already as added to the bill that holds it', () => {
    const inLading = { ...ok, status: S.inLading, inLading: 'LD2612070001' };
    expect(ladingOrderVerdict(bill, inLading)).toBeNull();
    expect(ladingHolderVerdict(inLading)).toEqual({ reason: 'alreadyAdded', billNo: 'LD2612070001' });
    expect(ladingScanVerdict(bill, inLading)).toEqual({ reason: 'alreadyAdded', billNo: 'LD2612070001' });
    expect(ladingHolderVerdict({ status: S.inLading })).toEqual({ reason: 'alreadyAdded', billNo: null });
    expect(ladingHolderVerdict(ok)).toBeNull();
  });

  it('names why an order may not move at all', () => {
    expect(heldReason({ status: S.cancelled, interceptState: 0 })).toBe('cancelled');
    expect(heldReason({ status: S.received, interceptState: InterceptState.requested })).toBe('intercepted');
    expect(heldReason({ status: S.received, interceptState: 0 })).toBeNull();
  });
});
