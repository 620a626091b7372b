import type { MessageDescriptor } from './messages.ts';

/**
 * Messages of the fee screens (priceManage): exception states, the recalculation's answers and the
 * columns and titles of the fee exports. Fee type names and exception reasons are the order
 * module's (order-messages.ts), which writes them.
 */
export const feeMessages = {
  state0: /*i18n*/ { id: 'fee.exceptionState.0', message: 'Pending' },
  state1: /*i18n*/ { id: 'fee.exceptionState.1', message: 'Resolved' },

  recalculated: /*i18n*/ { id: 'fee.recalc.recalculated', message: 'Fees computed' },
  alreadyResolved: /*i18n*/ {
    id: 'fee.recalc.alreadyResolved',
    message: 'Resolved before: nothing to recalculate',
  },
  recalcSummary: /*i18n*/ {
    id: 'fee.recalc.summary',
    message: 'Recalculated: {recalculated} priced, {failed} still failing, {skipped} skipped',
  },

  detailExportTitle: /*i18n*/ { id: 'fee.detailExportTitle', message: 'Fee details' },
  byTrackingNoExportTitle: /*i18n*/ { id: 'fee.byTrackingNoExportTitle', message: 'Fees by tracking no' },
  exceptionExportTitle: /*i18n*/ { id: 'fee.exceptionExportTitle', message: 'Fee exceptions' },

  colTrackingNo: /*i18n*/ { id: 'fee.col.trackingNo', message: 'Tracking no' },
  colCustomerNo: /*i18n*/ { id: 'fee.col.customerNo', message: 'Customer no' },
  colCustomer: /*i18n*/ { id: 'fee.col.customer', message: 'Customer' },
  colChannel: /*i18n*/ { id: 'fee.col.channel', message: 'Shipping channel' },
  colCountry: /*i18n*/ { id: 'fee.col.country', message: 'Destination' },
  colOrderStatus: /*i18n*/ { id: 'fee.col.orderStatus', message: 'Order status' },
  colFeeType: /*i18n*/ { id: 'fee.col.feeType', message: 'Fee type' },
  colAmount: /*i18n*/ { id: 'fee.col.amount', message: 'Amount' },
  colCurrency: /*i18n*/ { id: 'fee.col.currency', message: 'Currency' },
  colWeight: /*i18n*/ { id: 'fee.col.weight', message: 'Actual weight (kg)' },
  colVolumeWeight: /*i18n*/ { id: 'fee.col.volumeWeight', message: 'Volume weight (kg)' },
  colChargeableWeight: /*i18n*/ { id: 'fee.col.chargeableWeight', message: 'Chargeable weight (kg)' },
  colFirstWeight: /*i18n*/ { id: 'fee.col.firstWeight', message: 'First weight (kg)' },
  colFirstPrice: /*i18n*/ { id: 'fee.col.firstPrice', message: 'First weight price' },
  colStepWeight: /*i18n*/ { id: 'fee.col.stepWeight', message: 'Additional weight step (kg)' },
  colStepPrice: /*i18n*/ { id: 'fee.col.stepPrice', message: 'Step price' },
  colCodRate: /*i18n*/ { id: 'fee.col.codRate', message: 'COD fee rate (%)' },
  colMinCodFee: /*i18n*/ { id: 'fee.col.minCodFee', message: 'Minimum COD fee' },
  colComputedAt: /*i18n*/ { id: 'fee.col.computedAt', message: 'Computed at' },
  colNote: /*i18n*/ { id: 'fee.col.note', message: 'Note' },
  colReason: /*i18n*/ { id: 'fee.col.reason', message: 'Reason' },
  colState: /*i18n*/ { id: 'fee.col.state', message: 'State' },
  colCreatedAt: /*i18n*/ { id: 'fee.col.createdAt', message: 'First failed at' },
  colRetriedAt: /*i18n*/ { id: 'fee.col.retriedAt', message: 'Last retried at' },
  colResolvedAt: /*i18n*/ { id: 'fee.col.resolvedAt', message: 'Resolved at' },
  colResolvedBy: /*i18n*/ { id: 'fee.col.resolvedBy', message: 'Resolved by' },
  colRuleAvailable: /*i18n*/ { id: 'fee.col.ruleAvailable', message: 'Price rule now' },
  yes: /*i18n*/ { id: 'fee.yes', message: 'Yes' },
  no: /*i18n*/ { id: 'fee.no', message: 'No' },

  noteUnknown: /*i18n*/ { id: 'fee.note.unknown', message: 'No order has this tracking no' },
  noteNotReceived: /*i18n*/ { id: 'fee.note.notReceived', message: 'Not received yet: no fees' },
  noteNoFees: /*i18n*/ { id: 'fee.note.noFees', message: 'No fees' },
} satisfies Record<string, MessageDescriptor>;

export const feeStateMessage = (state: number): MessageDescriptor | undefined =>
  state === 0 ? feeMessages.state0 : state === 1 ? feeMessages.state1 : undefined;
