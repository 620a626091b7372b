/**
 * What a label is drawn on, in millimetres from its top-left corner on the 100 × 150 mm design,
 * mirrored for a right-to-left language: the ZPL of a thermal printer (zpl.ts `ZplLabel`) or a PDF
 * page (pdf-label.ts `PdfLabel`). A label laid out once against it carries the same content in
 * both.
 */

export type LabelAlign = 'start' | 'end' | 'center';

export interface LabelText {
  bold?: boolean;
  align?: LabelAlign;
  /** Printed reversed over what is under it (ZPL ^FR). */
  reverse?: boolean;
  /** Grey on a PDF (a thermal printer has no tint: black there). */
  grey?: boolean;
}

export interface LabelCanvas {
  readonly rtl: boolean;
  rect(x: number, y: number, w: number, h: number, pt?: number): void;
  hLine(x: number, w: number, y: number, pt?: number): void;
  vLine(x: number, y: number, h: number, pt?: number): void;
  /** One line with its baseline `y` mm from the top, cut to its box and aligned in it. */
  text(text: string, x: number, w: number, y: number, size: number, o?: LabelText): void;
  /** Wrapped lines from the baseline `y` downwards, `lineHeight` mm apart, at most `maxLines`. */
  paragraph(
    text: string | readonly string[],
    x: number,
    w: number,
    y: number,
    size: number,
    o: LabelText & { lineHeight: number; maxLines: number },
  ): void;
  /** A Code128 of `value` centred in its box, as wide as it fits. */
  barcode(value: string, x: number, y: number, w: number, h: number): void;
}

/** A label's size in mm. */
export interface LabelSizeMm {
  width: number;
  height: number;
}

/** Labels are designed on 100 × 150 mm (the PDF's page); other sizes take the design scaled. */
export const DESIGN_MM: LabelSizeMm = { width: 100, height: 150 };

/** The frame's margin, the padding of a box's text, and the captions' size (design mm, points). */
const MARGIN = 3;
const PAD = 2;
const CAPTION_PT = 6.5;

/**
 * The frame all labels share (order, bill, package, batch) on a canvas: its 1.2 pt border `MARGIN`
 * mm in; boxes' text sits `PAD` mm inside their rules and is captioned in 6.5 pt bold.
 */
export function frameOn<C extends LabelCanvas>(z: C) {
  const L = MARGIN;
  const R = DESIGN_MM.width - MARGIN;
  const inner = R - L;
  z.rect(L, L, inner, DESIGN_MM.height - 2 * MARGIN, 1.2);
  return {
    z,
    /** The frame's left and right edges, its inner width, the text padding. */
    L,
    R,
    inner,
    PAD,
    /** Where the text of the box between the rules at `from` and `to` starts, and its width. */
    cell: (from: number, to: number): [x: number, w: number] => [from + PAD, to - from - 2 * PAD],
    /** A box's caption, baseline at `y`. */
    caption: (text: string, x: number, w: number, y: number) =>
      z.text(text, x, w, y, CAPTION_PT, { bold: true, grey: true }),
  };
}

export type LabelFrame<C extends LabelCanvas = LabelCanvas> = ReturnType<typeof frameOn<C>>;
