import type { MessageDescriptor } from './messages.ts';

/**
 * Messages of COD modifications (report/codModification): the import and its refusals, approval,
 * the export, the order event and the daily work-chat push.
 */
export const codMessages = {
  // columns (the import template's and the export's)
  colTrackingNo: /*i18n*/ { id: 'cod.col.trackingNo', message: 'Logistics order no' },
  colUpdatedAmount: /*i18n*/ { id: 'cod.col.updatedAmount', message: 'Updated COD amount' },
  colCurrency: /*i18n*/ { id: 'cod.col.currency', message: 'Currency' },
  colRemark: /*i18n*/ { id: 'cod.col.remark', message: 'Remarks' },
  colCustomer: /*i18n*/ { id: 'cod.col.customer', message: 'Customer' },
  colOriginalAmount: /*i18n*/ { id: 'cod.col.originalAmount', message: 'Original COD amount' },
  colOriginalCurrency: /*i18n*/ { id: 'cod.col.originalCurrency', message: 'Original currency' },
  colOperator: /*i18n*/ { id: 'cod.col.operator', message: 'Operator' },
  colCreatedAt: /*i18n*/ { id: 'cod.col.createdAt', message: 'Created at' },
  colStatus: /*i18n*/ { id: 'cod.col.status', message: 'Approval status' },
  colApprover: /*i18n*/ { id: 'cod.col.approver', message: 'Approver' },
  colApprovedAt: /*i18n*/ { id: 'cod.col.approvedAt', message: 'Approval time' },
  colApprovalRemark: /*i18n*/ { id: 'cod.col.approvalRemark', message: 'Approval remarks' },
  templateTitle: /*i18n*/ { id: 'cod.templateTitle', message: 'COD modification template' },
  exportTitle: /*i18n*/ { id: 'cod.exportTitle', message: 'COD modifications' },

  status0: /*i18n*/ { id: 'cod.status.0', message: 'Pending' },
  status1: /*i18n*/ { id: 'cod.status.1', message: 'Approved' },
  status2: /*i18n*/ { id: 'cod.status.2', message: 'Rejected' },

  // import refusals, one per row
  unknownOrder: /*i18n*/ { id: 'cod.unknownOrder', message: 'No order has the tracking no {trackingNo}' },
  orderSigned: /*i18n*/ {
    id: 'cod.orderSigned',
    message: 'Order {trackingNo} is signed for: its COD can no longer be modified',
  },
  orderReturned: /*i18n*/ {
    id: 'cod.orderReturned',
    message: 'Order {trackingNo} is returned: its COD can no longer be modified',
  },
  orderLost: /*i18n*/ {
    id: 'cod.orderLost',
    message: 'Order {trackingNo} is lost: its COD can no longer be modified',
  },
  orderCancelled: /*i18n*/ {
    id: 'cod.orderCancelled',
    message: 'Order {trackingNo} is cancelled: its COD can no longer be modified',
  },
  pendingExists: /*i18n*/ {
    id: 'cod.pendingExists',
    message: 'Order {trackingNo} already has a COD modification waiting for approval',
  },
  amountInvalid: /*i18n*/ {
    id: 'cod.amountInvalid',
    message: 'Enter an amount from 0 with at most 2 decimals',
  },
  currencyInvalid: /*i18n*/ {
    id: 'cod.currencyInvalid',
    message: 'Enter a 3-letter currency code (e.g. SAR), or leave it empty to keep the order’s',
  },
  importSuccess: /*i18n*/ { id: 'cod.importSuccess', message: 'COD modification import success' },
  importFailed: /*i18n*/ { id: 'cod.importFailed', message: 'COD modification import failed' },

  // approval
  batchApprovalSuccess: /*i18n*/ { id: 'cod.batchApprovalSuccess', message: 'Batch approval success' },
  batchApprovalFailed: /*i18n*/ { id: 'cod.batchApprovalFailed', message: 'Batch approval failed' },
  batchApprovalPartial: /*i18n*/ {
    id: 'cod.batchApprovalPartial',
    message: 'Batch approval: {ok} succeeded, {failed} failed',
  },
  selfApproval: /*i18n*/ {
    id: 'cod.selfApproval',
    message: 'You cannot approve or reject your own COD modification',
  },
  notPending: /*i18n*/ {
    id: 'cod.notPending',
    message: 'The modification of {trackingNo} is no longer pending',
  },

  // the order's event
  nodeCodModified: /*i18n*/ { id: 'cod.node.modified', message: 'COD amount modified' },

  // the daily push (markdown for the work-chat group)
  pushTitle: /*i18n*/ { id: 'cod.push.title', message: 'COD modifications of {day}' },
  pushCount: /*i18n*/ { id: 'cod.push.count', message: 'Modifications: {count}' },
  pushNone: /*i18n*/ { id: 'cod.push.none', message: 'No COD modification on this day.' },
  pushMore: /*i18n*/ { id: 'cod.push.more', message: '… and {count} more (see the COD modification screen)' },
} satisfies Record<string, MessageDescriptor>;

export const codStatusMessage = (status: number): MessageDescriptor | undefined =>
  [codMessages.status0, codMessages.status1, codMessages.status2][status];
