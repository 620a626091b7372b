/**
 * The print kinds with a server PDF (labels, commercial invoices, invoices of origin orders), apart
 * from the queries (print.ts) so the print routes' search check keeps the contracts out of the
 * app's entry chunk.
 */
export const PRINT_KINDS = ['label', 'invoice', 'originInvoice'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];
