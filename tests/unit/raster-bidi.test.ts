import { describe, expect, it } from 'vitest';
import { segments } from '../../src/server/files/pdf-text.ts';
import { rasterLine } from '../../src/server/files/raster-text.ts';

/**
 * Brackets in right-to-left text take their mirrored glyph (Unicode's Bidi_Mirrored): "(كغ)" reads
 * "(" at its right end, so the left end of the line shows the closing one's mirror, "(" drawn as
 * an opening bracket. Both the PDF and the ZPL raster lay Arabic out through `segments`.
 */
describe('bidi mirroring of brackets in Arabic', () => {
  it('mirrors brackets in a right-to-left run, not in a left-to-right one', () => {
    expect(segments('الوزن (كغ)', 'rtl')).toEqual([{ text: 'الوزن )كغ(', arabicFont: true }]);
    expect(segments('[رقم]', 'rtl')).toEqual([{ text: ']رقم[', arabicFont: true }]);
    expect(segments('Weight (kg)', 'ltr')).toEqual([{ text: 'Weight (kg)', arabicFont: false }]);
  });

  it('rasterises "(كغ)" with "(" on the left and ")" on the right, as it reads', () => {
    const b = rasterLine('(كغ)', { sizeDots: 48, base: 'rtl' });
    const ink = (x: number, y: number) => (b.data[y * b.bytesPerRow + (x >> 3)]! >> (7 - (x & 7))) & 1;
    const rows = (x: number) => [...Array(b.height).keys()].filter((y) => ink(x, y));
    const columns = [...Array(b.width).keys()].filter((x) => rows(x).length > 0);
    const first = columns[0]!;
    const last = columns[columns.length - 1]!;
    // The top of the bracket at each end: the highest ink in the end's first 12 columns.
    const top = (from: number, step: number) =>
      Math.min(...[...Array(12).keys()].flatMap((i) => rows(from + i * step)));
    // An opening bracket's outermost column is its bulge, mid-height, far below its ends; a
    // closing one's outermost columns are its ends, at the top.
    expect(Math.min(...rows(first))).toBeGreaterThan(top(first, 1) + 8);
    expect(Math.min(...rows(last))).toBeGreaterThan(top(last, -1) + 8);
  });
});
