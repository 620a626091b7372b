import type { MessageDescriptor } from './messages.ts';

/**
 * Messages of closed-loop data (report/closedLoopData): the overseas reconciliation import and its
 * refusals per row, the loop states, the export and the order event of a remittance.
 */
export const closedLoopMessages = {
  // columns (the reconciliation template's first, then the export's)
  colTrackingNo: /*i18n*/ { id: 'closedLoop.col.trackingNo', message: 'Tracking no' },
  colAmount: /*i18n*/ { id: 'closedLoop.col.amount', message: 'Remitted amount' },
  colCurrency: /*i18n*/ { id: 'closedLoop.col.currency', message: 'Currency' },
  colRemittedOn: /*i18n*/ { id: 'closedLoop.col.remittedOn', message: 'Remittance date' },
  colReference: /*i18n*/ { id: 'closedLoop.col.reference', message: 'Remittance reference' },
  colRemark: /*i18n*/ { id: 'closedLoop.col.remark', message: 'Remarks' },
  colCustomer: /*i18n*/ { id: 'closedLoop.col.customer', message: 'Customer' },
  colChannel: /*i18n*/ { id: 'closedLoop.col.channel', message: 'Shipping channel' },
  colCarrier: /*i18n*/ { id: 'closedLoop.col.carrier', message: 'Carrier' },
  colCarrierTrackingNo: /*i18n*/ { id: 'closedLoop.col.carrierTrackingNo', message: 'Carrier tracking no' },
  colDestination: /*i18n*/ { id: 'closedLoop.col.destination', message: 'Destination' },
  colStatus: /*i18n*/ { id: 'closedLoop.col.status', message: 'Order status' },
  colCreatedAt: /*i18n*/ { id: 'closedLoop.col.createdAt', message: 'Created at' },
  colSignedAt: /*i18n*/ { id: 'closedLoop.col.signedAt', message: 'Sign time' },
  colCodAmount: /*i18n*/ { id: 'closedLoop.col.codAmount', message: 'COD amount' },
  colCodCurrency: /*i18n*/ { id: 'closedLoop.col.codCurrency', message: 'COD currency' },
  colState: /*i18n*/ { id: 'closedLoop.col.state', message: 'Loop state' },
  colClosedAt: /*i18n*/ { id: 'closedLoop.col.closedAt', message: 'Closed at' },
  templateTitle: /*i18n*/ { id: 'closedLoop.templateTitle', message: 'Overseas reconciliation template' },
  exportTitle: /*i18n*/ { id: 'closedLoop.exportTitle', message: 'Closed-loop data' },

  state1: /*i18n*/ { id: 'closedLoop.state.inTransit', message: 'Not delivered yet' },
  state2: /*i18n*/ { id: 'closedLoop.state.awaitingRemittance', message: 'Awaiting COD remittance' },
  state3: /*i18n*/ { id: 'closedLoop.state.closed', message: 'Closed' },
  state4: /*i18n*/ { id: 'closedLoop.state.returned', message: 'Returned' },
  state5: /*i18n*/ { id: 'closedLoop.state.lost', message: 'Lost' },

  // refusals, one per row (src/shared/domain/closed-loop.ts remittanceOutcome)
  amountInvalid: /*i18n*/ {
    id: 'closedLoop.amountInvalid',
    message: 'Enter an amount above 0 with at most 2 decimals',
  },
  currencyInvalid: /*i18n*/ {
    id: 'closedLoop.currencyInvalid',
    message: 'Enter a 3-letter currency code (e.g. SAR)',
  },
  dateInvalid: /*i18n*/ { id: 'closedLoop.dateInvalid', message: 'Enter a date as YYYY-MM-DD' },
  dateFuture: /*i18n*/ { id: 'closedLoop.dateFuture', message: 'The date cannot be in the future' },
  refusedNoCod: /*i18n*/ {
    id: 'closedLoop.refused.noCod',
    message: 'Order {trackingNo} has no COD: there is nothing to remit',
  },
  refusedNotSigned: /*i18n*/ {
    id: 'closedLoop.refused.notSigned',
    message: 'Order {trackingNo} is not signed for ({status}): only a delivered order’s COD is remitted',
  },
  refusedCurrency: /*i18n*/ {
    id: 'closedLoop.refused.currency',
    message: 'The COD currency of order {trackingNo} is {codCurrency}, not {currency}',
  },
  refusedAmount: /*i18n*/ {
    id: 'closedLoop.refused.amount',
    message:
      'The COD amount of order {trackingNo} is {codAmount}, not {amount}: modify the COD first if the partner collected another amount',
  },
  refusedAlreadyRemitted: /*i18n*/ {
    id: 'closedLoop.refused.alreadyRemitted',
    message: 'Order {trackingNo} is already remitted ({reference}, {remittedOn})',
  },

  // the order's event (staff only)
  nodeRemitted: /*i18n*/ { id: 'closedLoop.node.remitted', message: 'COD remitted' },
} satisfies Record<string, MessageDescriptor>;

export const loopStateMessage = (state: number): MessageDescriptor | undefined =>
  (closedLoopMessages as Record<string, MessageDescriptor>)[`state${state}`];
