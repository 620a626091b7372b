import { splitBulkNumbers } from '../../shared/domain/bulk-split.ts';
import { splitBatchNos } from '../../shared/domain/lading.ts';
import { BILL_PRINT_MAX } from './search.ts';

/**
 * What /print can print by number, and where each goes: order labels (HTML or PDF) and invoices
 * take the tracking nos as they are; lading bills (an A4 sheet or a label each) and batches are
 * found by their nos first (their print pages take ids). `needs` is the permission without which
 * the choice is not offered (labels: anyone who may print the orders, customers included; the
 * server decides whose).
 */
export const PRINT_CHOICES = ['labels', 'labelsPdf', 'invoices', 'lading', 'ladingLabels', 'batch'] as const;
export type PrintChoice = (typeof PRINT_CHOICES)[number];

export const CHOICE_NEEDS: Record<PrintChoice, readonly string[]> = {
  labels: [],
  labelsPdf: [],
  invoices: ['invoice:print'],
  lading: ['lading:view', 'lading:print'],
  ladingLabels: ['lading:view', 'lading:print'],
  batch: ['batch:view', 'batch:print'],
};

/** The numbers typed: batch nos split on space, semicolon or line break (spec 5), others as bulk. */
export const numbersOf = (choice: PrintChoice, text: string | undefined): string[] =>
  choice === 'batch' ? splitBatchNos(text) : splitBulkNumbers(text);

/** Lading bills and batches print at most BILL_PRINT_MAX at once; orders up to the bulk limit. */
export const choiceMax = (choice: PrintChoice): number =>
  choice === 'lading' || choice === 'ladingLabels' || choice === 'batch' ? BILL_PRINT_MAX : 1000;

/** The numbers asked for that no record answered, in the order they were typed. */
export const missingOf = (asked: readonly string[], found: readonly string[]): string[] => {
  const have = new Set(found.map((n) => n.toUpperCase()));
  return asked.filter((n) => !have.has(n.toUpperCase()));
};
