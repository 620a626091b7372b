/**
 * Prints sent to network label printers (contract/printer.ts), as plain values the PDA may load
 * without the contract's schemas.
 */

/** 1 queued (waiting for the printer, retried), 2 sent, 3 failed (given up). */
export const PrintStatus = { queued: 1, sent: 2, failed: 3 } as const;

/** What a print holds: orders', lading bills', packages' labels, batches' summary labels. */
export const PRINT_KINDS = ['orderLabel', 'ladingLabel', 'packageLabel', 'batchLabel'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

/** Label sizes in mm the printers hold (width × height); labels are laid out for 100 × 150. */
export const LABEL_SIZES = ['100x150', '100x100', '76x130'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];

/** A printer's label size as `LABEL_SIZES` names it; 100 × 150 for one it does not list. */
export function labelSizeName(widthMm: number, heightMm: number): LabelSize {
  const name = `${widthMm}x${heightMm}`;
  return (LABEL_SIZES as readonly string[]).includes(name) ? (name as LabelSize) : '100x150';
}

/** Width and height (mm) of a label size. */
export function labelSizeMm(size: LabelSize): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
}
