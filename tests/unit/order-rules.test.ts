import { describe, expect, it } from 'vitest';
import {
  AbnormalKind,
  abnormalBit,
  abnormalKindsOf,
  canMove,
  canReleaseFromLading,
  InterceptState,
  isHeldByIntercept,
  isWeightDiscrepancy,
  OPERATION_STATUSES,
  refusalOf,
} from '../../src/shared/domain/order-rules.ts';
import { ORDER_STATUSES, OrderStatus as S } from '../../src/shared/domain/order-status.ts';

const none = InterceptState.none;

describe('the order status machine', () => {
  it('moves forward along the main line only, skipping steps when a later one is reported', () => {
    expect(canMove(S.created, S.received)).toBe(true);
    expect(canMove(S.received, S.inLading)).toBe(true);
    expect(canMove(S.pickedUp, S.outForDelivery)).toBe(true);
    expect(canMove(S.outForDelivery, S.signed)).toBe(true);
    expect(canMove(S.inTransit, S.pickedUp)).toBe(false);
    expect(canMove(S.received, S.created)).toBe(false);
    expect(canMove(S.received, S.received)).toBe(false);
  });

  it('never leaves signed, returned, lost or cancelled', () => {
    for (const from of [S.signed, S.returned, S.lost, S.cancelled])
      for (const to of ORDER_STATUSES) expect(canMove(from, to), `${from}→${to}`).toBe(false);
  });

  it('cancels until picked up', () => {
    expect([S.created, S.received, S.inLading].every((s) => canMove(s, S.cancelled))).toBe(true);
    expect([S.pickedUp, S.inTransit, S.outForDelivery].some((s) => canMove(s, S.cancelled))).toBe(false);
  });

  it('returns or loses an order only once it reached the warehouse', () => {
    expect(canMove(S.created, S.returned)).toBe(false);
    expect(canMove(S.created, S.lost)).toBe(false);
    expect(canMove(S.received, S.lost)).toBe(true);
    expect(canMove(S.outForDelivery, S.returned)).toBe(true);
  });

  it('has one way back: a cancelled lading pickup frees its orders', () => {
    expect(canReleaseFromLading(S.inLading)).toBe(true);
    expect(canReleaseFromLading(S.pickedUp)).toBe(false);
    expect(canMove(S.inLading, S.received)).toBe(false);
  });
});

describe('which statuses each operation accepts', () => {
  it('lists them', () => {
    expect(OPERATION_STATUSES.cancel).toEqual([S.created, S.received, S.inLading]);
    expect(OPERATION_STATUSES.receive).toEqual([S.created]);
    expect(OPERATION_STATUSES.checkWv).toEqual([S.received, S.inLading]);
    expect(OPERATION_STATUSES.intercept).toEqual([
      S.created,
      S.received,
      S.inLading,
      S.pickedUp,
      S.inTransit,
      S.customsClearance,
      S.arrivedOverseas,
      S.outForDelivery,
    ]);
  });

  it('refuses cancel after pickup', () => {
    expect(refusalOf('cancel', { status: S.inLading, interceptState: none })).toBeNull();
    expect(refusalOf('cancel', { status: S.pickedUp, interceptState: none })).toBe('notCancellable');
    expect(refusalOf('cancel', { status: S.cancelled, interceptState: none })).toBe('notCancellable');
  });

  it('intercepts until signed, once at a time, again after a failure', () => {
    expect(refusalOf('intercept', { status: S.outForDelivery, interceptState: none })).toBeNull();
    expect(refusalOf('intercept', { status: S.signed, interceptState: none })).toBe('notInterceptable');
    expect(refusalOf('intercept', { status: S.cancelled, interceptState: none })).toBe('notInterceptable');
    expect(refusalOf('intercept', { status: S.received, interceptState: InterceptState.requested })).toBe(
      'interceptPending',
    );
    expect(refusalOf('intercept', { status: S.received, interceptState: InterceptState.succeeded })).toBe(
      'alreadyIntercepted',
    );
    expect(refusalOf('intercept', { status: S.received, interceptState: InterceptState.failed })).toBeNull();
  });

  it('answers or withdraws only a pending interception, whatever the status became', () => {
    for (const op of ['cancelIntercept', 'setInterceptResult'] as const) {
      expect(refusalOf(op, { status: S.received, interceptState: none })).toBe('noInterceptPending');
      expect(refusalOf(op, { status: S.signed, interceptState: InterceptState.requested })).toBeNull();
      expect(refusalOf(op, { status: S.received, interceptState: InterceptState.failed })).toBe(
        'noInterceptPending',
      );
    }
  });

  it('receives created orders and weighs received ones', () => {
    expect(refusalOf('receive', { status: S.created, interceptState: none })).toBeNull();
    expect(refusalOf('receive', { status: S.received, interceptState: none })).toBe('notReceivable');
    expect(refusalOf('checkWv', { status: S.created, interceptState: none })).toBe('notWeighable');
    expect(refusalOf('checkWv', { status: S.inLading, interceptState: none })).toBeNull();
    expect(refusalOf('checkWv', { status: S.pickedUp, interceptState: none })).toBe('notWeighable');
  });

  it('holds a parcel whose interception is pending or succeeded', () => {
    expect(isHeldByIntercept(InterceptState.requested)).toBe(true);
    expect(isHeldByIntercept(InterceptState.succeeded)).toBe(true);
    expect(isHeldByIntercept(InterceptState.failed)).toBe(false);
    expect(isHeldByIntercept(none)).toBe(false);
  });
});

describe('abnormal flags and weight tolerance', () => {
  it('keeps one bit per kind', () => {
    const flags = abnormalBit(AbnormalKind.noCarrier) | abnormalBit(AbnormalKind.noPrice);
    expect(flags).toBe(0b100001);
    expect(abnormalKindsOf(flags)).toEqual([AbnormalKind.noCarrier, AbnormalKind.noPrice]);
    expect(abnormalKindsOf(0)).toEqual([]);
  });

  it('flags a weight off by more than 10 % and more than 0.1 kg', () => {
    expect(isWeightDiscrepancy('1.000', '1.080')).toBe(false);
    expect(isWeightDiscrepancy('1.000', '1.150')).toBe(true);
    expect(isWeightDiscrepancy('0.200', '0.280')).toBe(false);
    expect(isWeightDiscrepancy('10', '9.5')).toBe(false);
    expect(isWeightDiscrepancy('10', '8.9')).toBe(true);
  });
});
