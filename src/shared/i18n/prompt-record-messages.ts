import type { MessageDescriptor } from './messages.ts';

/**
 * Messages of carriers' delivery and return confirmations (report/promptRecord, report/recallRecord):
 * the templates and exports, the import's refusals per row, the import log and the order events.
 */
export const promptRecordMessages = {
  // columns (the import templates' first, then the exports')
  colTrackingNo: /*i18n*/ { id: 'prompt.col.trackingNo', message: 'Tracking no' },
  colSignedAt: /*i18n*/ { id: 'prompt.col.signedAt', message: 'Sign time' },
  colSigner: /*i18n*/ { id: 'prompt.col.signer', message: 'Signed by' },
  colReturnedAt: /*i18n*/ { id: 'prompt.col.returnedAt', message: 'Return time' },
  colReason: /*i18n*/ { id: 'prompt.col.reason', message: 'Return reason' },
  colRemark: /*i18n*/ { id: 'prompt.col.remark', message: 'Remarks' },
  colCustomer: /*i18n*/ { id: 'prompt.col.customer', message: 'Customer' },
  colCustomerNo: /*i18n*/ { id: 'prompt.col.customerNo', message: 'Customer order no' },
  colConsignee: /*i18n*/ { id: 'prompt.col.consignee', message: 'Consignee' },
  colDestination: /*i18n*/ { id: 'prompt.col.destination', message: 'Destination' },
  colCarrier: /*i18n*/ { id: 'prompt.col.carrier', message: 'Carrier' },
  colCarrierTrackingNo: /*i18n*/ { id: 'prompt.col.carrierTrackingNo', message: 'Carrier tracking no' },
  colCod: /*i18n*/ { id: 'prompt.col.cod', message: 'COD amount' },
  colStatus: /*i18n*/ { id: 'prompt.col.status', message: 'Order status' },
  colIntercept: /*i18n*/ { id: 'prompt.col.intercept', message: 'Interception' },
  colFileName: /*i18n*/ { id: 'prompt.col.fileName', message: 'Import file' },
  colImporter: /*i18n*/ { id: 'prompt.col.importer', message: 'Imported by' },
  colImportedAt: /*i18n*/ { id: 'prompt.col.importedAt', message: 'Imported at' },

  deliveryTemplateTitle: /*i18n*/ {
    id: 'prompt.deliveryTemplateTitle',
    message: 'Delivery confirmation template',
  },
  returnTemplateTitle: /*i18n*/ { id: 'prompt.returnTemplateTitle', message: 'Return confirmation template' },
  deliveryExportTitle: /*i18n*/ { id: 'prompt.deliveryExportTitle', message: 'Delivery records' },
  returnExportTitle: /*i18n*/ { id: 'prompt.returnExportTitle', message: 'Return records' },

  kind1: /*i18n*/ { id: 'prompt.kind.delivery', message: 'Delivery' },
  kind2: /*i18n*/ { id: 'prompt.kind.return', message: 'Return' },
  logStatus0: /*i18n*/ { id: 'prompt.log.writing', message: 'Writing' },
  logStatus1: /*i18n*/ { id: 'prompt.log.imported', message: 'Imported' },
  logStatus2: /*i18n*/ { id: 'prompt.log.refused', message: 'Refused' },
  logStatus3: /*i18n*/ { id: 'prompt.log.failed', message: 'Failed, nothing written' },

  // finding the order of a row (also the overseas reconciliation import's)
  unknownOrder: /*i18n*/ { id: 'prompt.unknownOrder', message: 'No order has the tracking no {trackingNo}' },
  ambiguousNo: /*i18n*/ {
    id: 'prompt.ambiguousNo',
    message: 'Several orders have the carrier tracking no {trackingNo}: use our tracking no',
  },

  // refusals, one per row (src/shared/domain/prompt-record.ts promptOutcome)
  refusedCancelled: /*i18n*/ { id: 'prompt.refused.cancelled', message: 'Order {trackingNo} is cancelled' },
  refusedNotPickedUp: /*i18n*/ {
    id: 'prompt.refused.notPickedUp',
    message: 'Order {trackingNo} is not picked up by the carrier yet ({status})',
  },
  refusedSigned: /*i18n*/ {
    id: 'prompt.refused.signed',
    message: 'Order {trackingNo} is already signed for',
  },
  refusedReturned: /*i18n*/ {
    id: 'prompt.refused.returned',
    message: 'Order {trackingNo} is already returned',
  },
  refusedLost: /*i18n*/ { id: 'prompt.refused.lost', message: 'Order {trackingNo} is lost' },
  refusedIntercepted: /*i18n*/ {
    id: 'prompt.refused.intercepted',
    message: 'Order {trackingNo} is held by an interception: set the interception’s result first',
  },
  timeInvalid: /*i18n*/ {
    id: 'prompt.timeInvalid',
    message: 'Enter a time as YYYY-MM-DD HH:mm',
  },
  timeFuture: /*i18n*/ { id: 'prompt.timeFuture', message: 'The time cannot be in the future' },
  timeBeforeCreated: /*i18n*/ {
    id: 'prompt.timeBeforeCreated',
    message: 'The time is before order {trackingNo} was created',
  },

  // the orders' events (when no tracking setting or carrier node of the code names them)
  nodeSigned: /*i18n*/ { id: 'prompt.node.signed', message: 'Delivered and signed' },
  nodeReturned: /*i18n*/ { id: 'prompt.node.returned', message: 'Returned to sender' },
} satisfies Record<string, MessageDescriptor>;

export const promptKindMessage = (kind: number): MessageDescriptor | undefined =>
  [undefined, promptRecordMessages.kind1, promptRecordMessages.kind2][kind];

export const promptLogStatusMessage = (status: number): MessageDescriptor | undefined =>
  [
    promptRecordMessages.logStatus0,
    promptRecordMessages.logStatus1,
    promptRecordMessages.logStatus2,
    promptRecordMessages.logStatus3,
  ][status];
