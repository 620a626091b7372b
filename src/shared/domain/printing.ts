/**
 * Prints sent to network label printers (contract/printer.ts), as plain values the PDA may load
 * without the contract's schemas.
 */

/** 1 queued (waiting for the printer, retried), 2 sent, 3 failed (given up). */
export const PrintStatus = { queued: 1, sent: 2, failed: 3 } as const;

/** What a print holds: orders' labels, lading bills' labels. */
export const PRINT_KINDS = ['orderLabel', 'ladingLabel'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];
