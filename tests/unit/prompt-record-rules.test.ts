import { describe, expect, it } from 'vitest';
import { businessDay, businessText, businessTime, sheetDay } from '../../src/server/files/sheet-time.ts';
import { LoopState, loopStateOf, remittanceOutcome } from '../../src/shared/domain/closed-loop.ts';
import { InterceptState } from '../../src/shared/domain/order-rules.ts';
import { OrderStatus as S } from '../../src/shared/domain/order-status.ts';
import { PromptKind, promptOutcome } from '../../src/shared/domain/prompt-record.ts';

const at = Date.parse('2026-03-01T08:00:00Z');
const order = (status: number, interceptState: number = InterceptState.none) => ({ status, interceptState });

describe('a carrier’s confirmation (promptOutcome)', () => {
  it('applies to an order the carrier has, from picked up to out for delivery', () => {
    for (const status of [S.pickedUp, S.inTransit, S.customsClearance, S.arrivedOverseas, S.outForDelivery]) {
      expect(promptOutcome(PromptKind.delivery, order(status), null, at)).toBe('apply');
      expect(promptOutcome(PromptKind.return, order(status), null, at)).toBe('apply');
    }
  });

  it('refuses orders the carrier never had, and final ones', () => {
    for (const kind of [PromptKind.delivery, PromptKind.return]) {
      for (const status of [S.created, S.received, S.inLading])
        expect(promptOutcome(kind, order(status), null, at)).toBe('notPickedUp');
      expect(promptOutcome(kind, order(S.cancelled), null, at)).toBe('cancelled');
      expect(promptOutcome(kind, order(S.signed), null, at)).toBe('signed');
      expect(promptOutcome(kind, order(S.returned), null, at)).toBe('returned');
      expect(promptOutcome(kind, order(S.lost), null, at)).toBe('lost');
    }
  });

  it('holds a delivery while an interception is requested or succeeded, but not a return', () => {
    for (const state of [InterceptState.requested, InterceptState.succeeded]) {
      expect(promptOutcome(PromptKind.delivery, order(S.outForDelivery, state), null, at)).toBe(
        'intercepted',
      );
      expect(promptOutcome(PromptKind.return, order(S.outForDelivery, state), null, at)).toBe('apply');
    }
    expect(promptOutcome(PromptKind.delivery, order(S.outForDelivery, InterceptState.failed), null, at)).toBe(
      'apply',
    );
  });

  it('takes the same confirmation again as recorded, to the second; another one is refused', () => {
    const existing = { kind: PromptKind.delivery, at };
    expect(promptOutcome(PromptKind.delivery, order(S.signed), existing, at + 400)).toBe('recorded');
    expect(promptOutcome(PromptKind.delivery, order(S.signed), existing, at + 60_000)).toBe('signed');
    expect(promptOutcome(PromptKind.return, order(S.signed), existing, at)).toBe('signed');
  });
});

describe('the loop of an order (loopStateOf)', () => {
  it('is closed when signed and remitted, or signed without COD', () => {
    expect(loopStateOf({ status: S.signed, isCod: false }, false)).toBe(LoopState.closed);
    expect(loopStateOf({ status: S.signed, isCod: true }, true)).toBe(LoopState.closed);
    expect(loopStateOf({ status: S.signed, isCod: true }, false)).toBe(LoopState.awaitingRemittance);
  });

  it('is open while the parcel travels, and ends without closing when returned or lost', () => {
    expect(loopStateOf({ status: S.outForDelivery, isCod: true }, false)).toBe(LoopState.inTransit);
    expect(loopStateOf({ status: S.returned, isCod: true }, false)).toBe(LoopState.returned);
    expect(loopStateOf({ status: S.lost, isCod: false }, false)).toBe(LoopState.lost);
  });
});

describe('a remittance (remittanceOutcome)', () => {
  const cod = { status: S.signed, isCod: true, codAmount: '199.00', codCurrency: 'SAR' };
  const row = { amount: '199', currency: 'SAR', remittedOn: '2026-03-02', reference: 'RMT-1' };

  it('applies to a signed COD order whose amount and currency match exactly', () => {
    expect(remittanceOutcome(cod, row, null)).toBe('apply');
    expect(remittanceOutcome(cod, { ...row, amount: '0199.0' }, null)).toBe('apply');
    expect(remittanceOutcome(cod, { ...row, amount: '199.01' }, null)).toBe('amountMismatch');
    expect(remittanceOutcome(cod, { ...row, currency: 'AED' }, null)).toBe('currencyMismatch');
  });

  it('refuses orders without COD and orders not delivered', () => {
    expect(remittanceOutcome({ ...cod, isCod: false }, row, null)).toBe('noCod');
    expect(remittanceOutcome({ ...cod, status: S.outForDelivery }, row, null)).toBe('notSigned');
    expect(remittanceOutcome({ ...cod, status: S.returned }, row, null)).toBe('notSigned');
  });

  it('remits once: the same remittance again is recorded, another one refused', () => {
    const had = { ...row, amount: '199.00' };
    expect(remittanceOutcome(cod, row, had)).toBe('recorded');
    expect(remittanceOutcome(cod, { ...row, reference: 'RMT-2' }, had)).toBe('alreadyRemitted');
    expect(remittanceOutcome(cod, { ...row, remittedOn: '2026-03-03' }, had)).toBe('alreadyRemitted');
  });
});

describe('times and days in sheets', () => {
  const zone = 'Asia/Shanghai';

  it('reads wall-clock text, ISO 8601 and date cells in the business time zone', () => {
    expect((businessTime('2026-03-01 16:30', zone) as Date).toISOString()).toBe('2026-03-01T08:30:00.000Z');
    expect((businessTime('2026/3/1 16:30:15', zone) as Date).toISOString()).toBe('2026-03-01T08:30:15.000Z');
    expect((businessTime('2026-03-01T08:30:00Z', zone) as Date).toISOString()).toBe(
      '2026-03-01T08:30:00.000Z',
    );
    // 46082.6875 is 2026-03-01 16:30 as a spreadsheet's serial.
    expect((businessTime('46082.6875', zone) as Date).toISOString()).toBe('2026-03-01T08:30:00.000Z');
    expect(businessTime('', zone)).toBeNull();
    for (const bad of ['yesterday', '2026-02-30 10:00', '2026-03-01 24:00', '0'])
      expect(businessTime(bad, zone), bad).toBe('invalid');
  });

  it('reads days as text or date cells', () => {
    expect(sheetDay('2026-03-01')).toBe('2026-03-01');
    expect(sheetDay('2026/3/1')).toBe('2026-03-01');
    expect(sheetDay('46082')).toBe('2026-03-01');
    expect(sheetDay('2026-02-30')).toBe('invalid');
    expect(sheetDay(' ')).toBeNull();
  });

  it('writes an instant back as the wall clock it was read from', () => {
    const t = new Date('2026-03-01T16:05:09Z');
    expect(businessText(t, zone)).toBe('2026-03-02 00:05:09');
    expect(businessDay(t, zone)).toBe('2026-03-02');
    expect((businessTime(businessText(t, zone), zone) as Date).getTime()).toBe(t.getTime());
  });
});
