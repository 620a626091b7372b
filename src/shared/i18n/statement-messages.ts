import type { MessageDescriptor } from './messages.ts';

/** Messages of the logistics bills (report/logisticsbill) and the COD collected (report/collecting). */
export const billMessages = {
  // export titles
  exportBills: /*i18n*/ { id: 'bill.export.bills', message: 'Logistics bills' },
  exportBillLines: /*i18n*/ { id: 'bill.export.lines', message: 'Logistics bill orders' },
  exportCollecting: /*i18n*/ { id: 'bill.export.collecting', message: 'COD collected' },

  // settlement cycles (customer property settlementCycle)
  cyclePerOrder: /*i18n*/ { id: 'bill.cycle.perOrder', message: 'Per order' },
  cycleWeekly: /*i18n*/ { id: 'bill.cycle.weekly', message: 'Weekly' },
  cycleSemiMonthly: /*i18n*/ { id: 'bill.cycle.semiMonthly', message: 'Twice a month' },
  cycleMonthly: /*i18n*/ { id: 'bill.cycle.monthly', message: 'Monthly' },

  // columns
  colCycle: /*i18n*/ { id: 'bill.col.cycle', message: 'Settlement cycle' },
  colCodCollected: /*i18n*/ { id: 'bill.col.codCollected', message: 'COD collected' },
  colNet: /*i18n*/ { id: 'bill.col.net', message: 'Net amount (COD collected − fees)' },
  colCodNet: /*i18n*/ { id: 'bill.col.codNet', message: 'Net COD (after COD service fee)' },
  colSignedAt: /*i18n*/ { id: 'bill.col.signedAt', message: 'Signed (UTC)' },
  totalRow: /*i18n*/ { id: 'bill.totalRow', message: 'Total {currency}' },
} satisfies Record<string, MessageDescriptor>;
