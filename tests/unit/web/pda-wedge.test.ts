import { describe, expect, it } from 'vitest';
import {
  createRepeatFilter,
  createWedgeRecogniser,
  type WedgeRecogniser,
} from '../../../src/web/pda/scan/wedge.ts';

/** Types `text` as key events `gap` ms apart from `start`, then `end` (Enter by default). */
function typeKeys(r: WedgeRecogniser, text: string, gap: number, start = 1000, end = 'Enter') {
  let t = start;
  for (const ch of text) {
    expect(r.key(ch, ch.toUpperCase().charCodeAt(0), t)).toEqual({ kind: 'pass' });
    t += gap;
  }
  return r.key(end, end === 'Enter' ? 13 : 9, t - gap + Math.min(gap, 10));
}

describe('the keyboard-wedge recogniser', () => {
  it('recognises a fast burst ending in Enter', () => {
    const r = createWedgeRecogniser();
    expect(typeKeys(r, 'AB123456', 8)).toEqual({ kind: 'code', code: 'AB123456' });
  });

  it('recognises a burst ending in Tab', () => {
    const r = createWedgeRecogniser();
    expect(typeKeys(r, 'CN0000001', 5, 0, 'Tab')).toEqual({ kind: 'code', code: 'CN0000001' });
  });

  it('leaves slow typing alone, so Enter submits the field as usual', () => {
    const r = createWedgeRecogniser();
    expect(typeKeys(r, 'AB123456', 120)).toEqual({ kind: 'pass' });
  });

  it('accepts gaps up to the limit and no more', () => {
    expect(typeKeys(createWedgeRecogniser({ maxGapMs: 50 }), 'AB123456', 50)).toEqual({
      kind: 'code',
      code: 'AB123456',
    });
    expect(typeKeys(createWedgeRecogniser({ maxGapMs: 50 }), 'AB123456', 51)).toEqual({ kind: 'pass' });
  });

  it('starts the burst afresh after a pause: earlier slow typing is not part of the code', () => {
    const r = createWedgeRecogniser();
    r.key('x', 88, 0);
    r.key('y', 89, 200);
    expect(typeKeys(r, 'ZX998877', 6, 600)).toEqual({ kind: 'code', code: 'ZX998877' });
  });

  it('survives a stall or two of a busy device once the burst has shown itself', () => {
    const r = createWedgeRecogniser();
    const at = [0, 5, 10, 15, 200, 205, 210, 470, 475, 480];
    for (const [i, ch] of [...'GL00010025'].entries()) r.key(ch, 65, at[i]!);
    expect(r.key('Enter', 13, 485)).toEqual({ kind: 'code', code: 'GL00010025' });
    // A third stall is one too many: the burst starts again after it.
    for (const [i, ch] of [...'AB12345678'].entries()) r.key(ch, 65, 1000 + i * 120);
    expect(r.key('Enter', 13, 1000 + 9 * 120 + 5)).toEqual({ kind: 'pass' });
  });

  it('keeps the first character of a burst that stalled right after it', () => {
    const r = createWedgeRecogniser();
    r.key('G', 71, 0);
    for (const [i, ch] of [...'L0001002409'].entries()) r.key(ch, 65, 150 + i * 5);
    expect(r.key('Enter', 13, 205)).toEqual({ kind: 'code', code: 'GL0001002409' });
    // Not after a longer pause than a stall: that character was typed.
    r.key('G', 71, 1000);
    for (const [i, ch] of [...'L0001002409'].entries()) r.key(ch, 65, 1400 + i * 5);
    expect(r.key('Enter', 13, 1455)).toEqual({ kind: 'code', code: 'L0001002409' });
  });

  it('does not let a pause join slow typing to a burst', () => {
    const r = createWedgeRecogniser();
    // Two characters are no evidence of a burst: the pause after them starts afresh.
    r.key('A', 65, 0);
    r.key('B', 66, 10);
    for (const [i, ch] of [...'XY123456'].entries()) r.key(ch, 65, 200 + i * 5);
    expect(r.key('Enter', 13, 240)).toEqual({ kind: 'code', code: 'XY123456' });
  });

  it('needs a pause before Enter to be short as well', () => {
    const r = createWedgeRecogniser();
    for (const [i, ch] of [...'AB123456'].entries()) r.key(ch, 65, 1000 + i * 5);
    expect(r.key('Enter', 13, 1035 + 400)).toEqual({ kind: 'pass' });
  });

  it('ignores bursts shorter than the minimum length', () => {
    expect(typeKeys(createWedgeRecogniser({ minLength: 6 }), 'AB12', 5)).toEqual({ kind: 'pass' });
    expect(typeKeys(createWedgeRecogniser({ minLength: 4 }), 'AB12', 5)).toEqual({
      kind: 'code',
      code: 'AB12',
    });
  });

  it('does not let Shift and other non-character keys break a burst', () => {
    const r = createWedgeRecogniser();
    let t = 0;
    for (const ch of 'ab12cd34') {
      r.key('Shift', 16, t);
      r.key(ch.toUpperCase(), 0, t + 1);
      t += 9;
    }
    expect(r.key('Enter', 13, t)).toEqual({ kind: 'code', code: 'AB12CD34' });
  });

  it('reads characters from input events when keys arrive as keyCode 229 (an input method)', () => {
    const r = createWedgeRecogniser();
    let t = 0;
    for (const ch of 'YT2024000001') {
      expect(r.key('Unidentified', 229, t)).toEqual({ kind: 'pass' });
      expect(r.input(ch, false, t + 1)).toEqual({ kind: 'pass' });
      t += 12;
    }
    expect(r.key('Enter', 13, t)).toEqual({ kind: 'code', code: 'YT2024000001' });
  });

  it('reads a whole code delivered in one input event, ended by a line break', () => {
    const r = createWedgeRecogniser();
    r.key('Process', 229, 10);
    expect(r.input('SF1234567890', false, 11)).toEqual({ kind: 'pass' });
    expect(r.input(null, true, 14)).toEqual({ kind: 'code', code: 'SF1234567890' });
    expect(r.input('JD0000000001\n', false, 500)).toEqual({ kind: 'code', code: 'JD0000000001' });
  });

  it('input events without a key event (no keydown at all) still make a burst', () => {
    const r = createWedgeRecogniser();
    let t = 0;
    for (const ch of 'EX777777') {
      t += 7;
      r.input(ch, false, t);
    }
    expect(r.key('Enter', 13, t + 3)).toEqual({ kind: 'code', code: 'EX777777' });
  });

  it('does not count a character twice when its key event is followed by its input event', () => {
    const r = createWedgeRecogniser();
    let t = 0;
    for (const ch of 'AB123456') {
      r.key(ch, ch.charCodeAt(0), t);
      r.input(ch, false, t);
      t += 5;
    }
    expect(r.pending()).toBe('AB123456');
    expect(r.key('Enter', 13, t)).toEqual({ kind: 'code', code: 'AB123456' });
  });

  it('an IME input event that is slow breaks the burst like a slow key', () => {
    const r = createWedgeRecogniser();
    r.input('AB12', false, 0);
    r.input('3456', false, 400);
    expect(r.key('Enter', 13, 405)).toEqual({ kind: 'code', code: '3456' });
    r.input('AB12', false, 1000);
    expect(r.key('Enter', 13, 1400)).toEqual({ kind: 'pass' });
  });

  it('forgets the burst on reset', () => {
    const r = createWedgeRecogniser();
    for (const ch of 'AB12') r.key(ch, 65, 0);
    r.reset();
    for (const ch of '3456') r.key(ch, 65, 1);
    expect(r.key('Enter', 13, 2)).toEqual({ kind: 'code', code: '3456' });
  });
});

describe('the repeat filter', () => {
  it('ignores the same code within 2 s, and takes it again after', () => {
    const f = createRepeatFilter();
    expect(f.accept('AB123456', 0)).toBe(true);
    expect(f.accept('AB123456', 1_999)).toBe(false);
    // The window runs from the latest read: a label held under the scanner stays ignored.
    expect(f.accept('AB123456', 3_500)).toBe(false);
    expect(f.accept('AB123456', 5_600)).toBe(true);
  });

  it('takes a different code at once, and the first code again after it', () => {
    const f = createRepeatFilter();
    expect(f.accept('AAA11111', 0)).toBe(true);
    expect(f.accept('BBB22222', 100)).toBe(true);
    expect(f.accept('AAA11111', 200)).toBe(true);
  });

  it('announces a repeat once per window, however often it is read', () => {
    const f = createRepeatFilter();
    expect(f.accept('AB123456', 0)).toBe(true);
    expect(f.accept('AB123456', 300)).toBe(false);
    expect(f.announce(300)).toBe(true);
    expect(f.accept('AB123456', 600)).toBe(false);
    expect(f.announce(600)).toBe(false);
    expect(f.accept('AB123456', 2_400)).toBe(false);
    expect(f.announce(2_400)).toBe(true);
    // A new code starts afresh: its first repeat is announced at once.
    expect(f.accept('CD654321', 2_500)).toBe(true);
    expect(f.accept('CD654321', 2_600)).toBe(false);
    expect(f.announce(2_600)).toBe(true);
  });
});
