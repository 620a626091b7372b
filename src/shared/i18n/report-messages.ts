import type { MessageDescriptor } from './messages.ts';

/**
 * Messages of the waybill report (report/waybill) and what the reports share: the date range and
 * its refusals, the periods, and the columns of their sheets.
 */
export const reportMessages = {
  dateRequired: /*i18n*/ { id: 'report.dateRequired', message: 'Select the date range' },
  rangeReversed: /*i18n*/ {
    id: 'report.rangeReversed',
    message: 'The end date cannot be before the start date',
  },
  rangeTooLong: /*i18n*/ { id: 'report.rangeTooLong', message: 'Choose a range of at most {days} days' },

  // export titles
  exportReport: /*i18n*/ { id: 'report.export.report', message: 'Waybill report' },
  exportReportOrders: /*i18n*/ { id: 'report.export.orders', message: 'Waybill report orders' },

  // columns
  colPeriod: /*i18n*/ { id: 'report.col.period', message: 'Period' },
  colStartDate: /*i18n*/ { id: 'report.col.startDate', message: 'From' },
  colEndDate: /*i18n*/ { id: 'report.col.endDate', message: 'To' },
  colOrders: /*i18n*/ { id: 'report.col.orders', message: 'Orders' },
  colCodOrders: /*i18n*/ { id: 'report.col.codOrders', message: 'COD orders' },
  colSigned: /*i18n*/ { id: 'report.col.signed', message: 'Signed' },
  colReturned: /*i18n*/ { id: 'report.col.returned', message: 'Returned' },
  colFreight: /*i18n*/ { id: 'report.col.freight', message: 'Freight' },
  colCodFee: /*i18n*/ { id: 'report.col.codFee', message: 'COD service fee' },
  colOtherFees: /*i18n*/ { id: 'report.col.otherFees', message: 'Other fees' },
  colTotalFees: /*i18n*/ { id: 'report.col.totalFees', message: 'Total fees' },
  colFreightCurrency: /*i18n*/ { id: 'report.col.freightCurrency', message: 'Freight currency' },
  colCodFeeCurrency: /*i18n*/ { id: 'report.col.codFeeCurrency', message: 'COD fee currency' },
  colFinishedAt: /*i18n*/ { id: 'report.col.finishedAt', message: 'Signed or returned (UTC)' },
  colStatementDate: /*i18n*/ { id: 'report.col.statementDate', message: 'Statement date' },
} satisfies Record<string, MessageDescriptor>;
