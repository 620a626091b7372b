/**
 * The kinds of bill the PDA scans into, apart from the queries (pda.ts) so a route's `beforeLoad`
 * can check its parameter without putting the bill contracts into the app's entry chunk.
 */
export const PDA_BILL_TYPES = ['lading', 'batch', 'overseas', 'package'] as const;
export type PdaBillType = (typeof PDA_BILL_TYPES)[number];
