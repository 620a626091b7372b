import type { MessageDescriptor } from './messages.ts';
import { scanMessages } from './scan-messages.ts';

/**
 * Messages of the movement of parcels: lading bills, batches, overseas ladings, packages and the
 * exchange scan (entry checks with the spec's texts, scan results, refusals, names, columns).
 */
export const ladingMessages = {
  ...scanMessages,

  // the spec's texts (spec 5 and 8)
  selectBills: /*i18n*/ {
    id: 'lading.selectBills',
    message: 'Select bill(s) or batch(es) to print or pick up',
  },
  airlineBillRequired: /*i18n*/ {
    id: 'lading.airlineBillRequired',
    message: 'Airline bill no cannot be empty',
  },
  chargedRequired: /*i18n*/ { id: 'lading.chargedRequired', message: 'Charged cannot be blank' },
  mixedRequired: /*i18n*/ { id: 'lading.mixedRequired', message: 'Whether to mix cannot be blank' },
  confirmPickupSuccess: /*i18n*/ { id: 'lading.confirmPickupSuccess', message: 'Confirm Pickup Success' },
  cancelPickupSuccess: /*i18n*/ { id: 'lading.cancelPickupSuccess', message: 'Cancel Pickup Success' },
  batchPickupSuccess: /*i18n*/ { id: 'lading.batchPickupSuccess', message: 'Batch Pickup Success' },

  // entry checks
  carrierNotOfChannel: /*i18n*/ {
    id: 'lading.carrierNotOfChannel',
    message: 'Choose one of the shipping channel’s carriers',
  },
  channelHasNoCarrier: /*i18n*/ {
    id: 'lading.channelHasNoCarrier',
    message: 'The shipping channel has no carrier: add one to the channel first',
  },
  countryInvalid: /*i18n*/ { id: 'lading.countryInvalid', message: 'Choose a country from the list' },
  timeOrder: /*i18n*/ {
    id: 'lading.timeOrder',
    message: 'The arrival time must be after the departure time',
  },
  unknownBatch: /*i18n*/ { id: 'lading.unknownBatch', message: 'No batch has the number {no}' },
  batchNoTaken: /*i18n*/ { id: 'lading.batchNoTaken', message: 'Batch no {no} already exists' },
  batchNoInvalid: /*i18n*/ {
    id: 'lading.batchNoInvalid',
    message: 'Use up to 40 letters, digits or hyphens',
  },
  yesNoInvalid: /*i18n*/ { id: 'lading.yesNoInvalid', message: 'Write yes or no (1 or 0)' },
  timeInvalid: /*i18n*/ {
    id: 'lading.timeInvalid',
    message: 'Write a time as YYYY-MM-DD HH:mm (business time zone)',
  },
  typeInvalid: /*i18n*/ { id: 'lading.typeInvalid', message: 'Write 1 (clearance) or 2 (local)' },

  // scan results and refusals (what the PDA shows with each sound)
  scanAdded: /*i18n*/ { id: 'lading.scanAdded', message: 'Added {trackingNo} to {billNo}' },
  refusedUnknownPackage: /*i18n*/ {
    id: 'lading.refused.unknownPackage',
    message: 'No package has the number {trackingNo}',
  },
  refusedUnknownLading: /*i18n*/ {
    id: 'lading.refused.unknownLading',
    message: 'No lading bill has the number {trackingNo}',
  },
  takenOutCancelled: /*i18n*/ {
    id: 'lading.takenOut.cancelled',
    message: 'Order {trackingNo} is cancelled: taken out of {from}, set the parcel aside',
  },
  takenOutIntercepted: /*i18n*/ {
    id: 'lading.takenOut.intercepted',
    message: 'Order {trackingNo} is intercepted: taken out of {from}, set the parcel aside',
  },
  refusedWrongStatus: /*i18n*/ {
    id: 'lading.refused.wrongStatus',
    message: 'Order {trackingNo} is {status} and cannot be scanned here',
  },
  refusedWrongCarrier: /*i18n*/ {
    id: 'lading.refused.wrongCarrier',
    message: 'Order {trackingNo} is for {carrier}, this bill for {billCarrier}',
  },
  refusedPackageNotConfirmed: /*i18n*/ {
    id: 'lading.refused.packageNotConfirmed',
    message: 'Package {trackingNo} is not confirmed, picked up or cancelled: confirm it first',
  },
  refusedPackageOrder: /*i18n*/ {
    id: 'lading.refused.packageOrder',
    message: 'Package {trackingNo} holds order {orderNo}, which is {status}',
  },
  refusedConsignee: /*i18n*/ {
    id: 'lading.refused.consignee',
    message: 'Order {trackingNo} is for another consignee than package {packageNo}',
  },
  refusedNotPickedUp: /*i18n*/ {
    id: 'lading.refused.notPickedUp',
    message: 'Lading bill {trackingNo} has not been picked up yet',
  },
  refusedNoCarrier: /*i18n*/ {
    id: 'lading.refused.noCarrier',
    message: 'Order {trackingNo} has no last-mile carrier number yet',
  },
  refusedNotInPackage: /*i18n*/ {
    id: 'lading.refused.notInPackage',
    message: '{trackingNo} is not in a package',
  },

  // bill operations
  notOpen: /*i18n*/ { id: 'lading.notOpen', message: '{no} is already confirmed, picked up or cancelled' },
  empty: /*i18n*/ { id: 'lading.empty', message: '{no} is empty: scan parcels into it first' },
  notConfirmed: /*i18n*/ {
    id: 'lading.notConfirmed',
    message: '{no} is not confirmed yet: confirm it first',
  },
  notPickupable: /*i18n*/ {
    id: 'lading.notPickupable',
    message: '{no} is {pickupStatus}: only a bill not yet picked up can be picked up or cancelled',
  },
  packageInLading: /*i18n*/ {
    id: 'lading.packageInLading',
    message: 'Package {no} is in lading bill {ladingNo}: its pickup goes with the bill',
  },
  unknownBatchNos: /*i18n*/ {
    id: 'lading.unknownBatchNos',
    message: 'Batch no(s) not found: {nos}',
  },
  ladingInBatch: /*i18n*/ {
    id: 'lading.ladingInBatch',
    message: 'Lading bill {no} is in batch {batchNo}: cancel the batch first',
  },
  snapshotCursorInvalid: /*i18n*/ {
    id: 'lading.snapshotCursorInvalid',
    message: 'This snapshot cursor is not valid: fetch the snapshot again from the start',
  },
  mailNotRetryable: /*i18n*/ {
    id: 'lading.mailNotRetryable',
    message: 'The mail of {no} can be pushed once the bill is picked up, and again after a failure',
  },
  clearanceMoveRefused: /*i18n*/ {
    id: 'lading.clearanceMoveRefused',
    message: '{no} cannot go from {from} to {to}',
  },
  clearanceLocked: /*i18n*/ {
    id: 'lading.clearanceLocked',
    message: '{no} is {status}: its clearance data can no longer change',
  },
  notInBill: /*i18n*/ { id: 'lading.notInBill', message: 'Order {trackingNo} is not in {no}' },
  clearanceNoFormat: /*i18n*/ {
    id: 'lading.clearanceNoFormat',
    message: 'A clearance no has up to 50 letters, digits, hyphens, slashes or underscores',
  },
  tooManyBills: /*i18n*/ { id: 'lading.tooManyBills', message: 'Select at most {max}' },

  // mail push
  mailSubject: /*i18n*/ {
    id: 'lading.mail.subject',
    message: 'Lading bill {no}: {orders} orders, {weight} kg picked up',
  },
  mailBody: /*i18n*/ {
    id: 'lading.mail.body',
    message:
      'Lading bill {no} ({channel}) was picked up at {time} UTC.\nDestination: {country}\nOrders: {orders}, pieces: {pieces}, weight: {weight} kg.\nThe parcels are listed in the attached file.',
  },
  mailNotConfigured: /*i18n*/ {
    id: 'lading.mail.notConfigured',
    message: 'Mail is not configured (SMTP_URL)',
  },
  mailNoAddress: /*i18n*/ {
    id: 'lading.mail.noAddress',
    message: 'The carrier has no e-mail address',
  },
  mailNoCarrier: /*i18n*/ { id: 'lading.mail.noCarrier', message: 'The bill has no carrier' },

  // names
  pickup1: /*i18n*/ { id: 'lading.pickup.notPickedUp', message: 'Not picked up' },
  pickup2: /*i18n*/ { id: 'lading.pickup.pickedUp', message: 'Picked up' },
  pickup3: /*i18n*/ { id: 'lading.pickup.cancelled', message: 'Pickup cancelled' },
  type1: /*i18n*/ { id: 'lading.type.clearance', message: 'Clearance lading' },
  type2: /*i18n*/ { id: 'lading.type.local', message: 'Local lading' },
  orderType1: /*i18n*/ { id: 'lading.orderType.order', message: 'Orders' },
  orderType2: /*i18n*/ { id: 'lading.orderType.package', message: 'Packages' },
  confirm0: /*i18n*/ { id: 'lading.confirm.open', message: 'Open' },
  confirm1: /*i18n*/ { id: 'lading.confirm.confirmed', message: 'Confirmed' },
  mail0: /*i18n*/ { id: 'lading.mail.notPushed', message: 'Not pushed' },
  mail1: /*i18n*/ { id: 'lading.mail.success', message: 'Success' },
  mail2: /*i18n*/ { id: 'lading.mail.failed', message: 'Failed' },
  mail3: /*i18n*/ { id: 'lading.mail.sending', message: 'Sending' },
  sign0: /*i18n*/ { id: 'lading.sign.none', message: 'Not signed for' },
  sign1: /*i18n*/ { id: 'lading.sign.partial', message: 'Partially signed for' },
  sign2: /*i18n*/ { id: 'lading.sign.full', message: 'Fully signed for' },
  clearance0: /*i18n*/ { id: 'lading.clearance.new', message: 'New' },
  clearance1: /*i18n*/ { id: 'lading.clearance.voided', message: 'Voided' },
  clearance2: /*i18n*/ { id: 'lading.clearance.revisionComplete', message: 'Revision complete' },
  clearance3: /*i18n*/ { id: 'lading.clearance.clearanceComplete', message: 'Clearance complete' },
  clearance4: /*i18n*/ { id: 'lading.clearance.settled', message: 'Settled' },
  exchange0: /*i18n*/ { id: 'lading.exchange.not', message: 'Not exchanged' },
  exchange1: /*i18n*/ { id: 'lading.exchange.done', message: 'Exchanged' },
  exchangeOk: /*i18n*/ {
    id: 'lading.exchange.ok',
    message: 'Relabel {trackingNo} with {carrier} {carrierTrackingNo}',
  },
  exchangeAgain: /*i18n*/ {
    id: 'lading.exchange.again',
    message: '{trackingNo} was already exchanged: {carrier} {carrierTrackingNo}',
  },

  // tracking nodes
  nodeInLading: /*i18n*/ { id: 'lading.node.inLading', message: 'Added to a lading bill' },
  nodeLadingReleased: /*i18n*/ { id: 'lading.node.ladingReleased', message: 'Taken out of a lading bill' },
  nodePickedUp: /*i18n*/ { id: 'lading.node.pickedUp', message: 'Picked up by the carrier' },
  nodeInTransit: /*i18n*/ { id: 'lading.node.inTransit', message: 'In transit' },
  nodeArrived: /*i18n*/ { id: 'lading.node.arrived', message: 'Arrived in the destination country' },
  nodeOutForDelivery: /*i18n*/ { id: 'lading.node.outForDelivery', message: 'Out for delivery' },
  nodePacked: /*i18n*/ { id: 'lading.node.packed', message: 'Merged into a package' },
  nodeUnpacked: /*i18n*/ { id: 'lading.node.unpacked', message: 'Taken out of a package' },
  nodeExchanged: /*i18n*/ { id: 'lading.node.exchanged', message: 'Relabelled for the last-mile carrier' },
  nodeBatched: /*i18n*/ { id: 'lading.node.batched', message: 'Added to a batch' },
  nodeBatchReleased: /*i18n*/ { id: 'lading.node.batchReleased', message: 'Taken out of a batch' },
  nodeOverseasScanned: /*i18n*/ {
    id: 'lading.node.overseasScanned',
    message: 'Added to an overseas lading bill',
  },
  nodeOverseasReleased: /*i18n*/ {
    id: 'lading.node.overseasReleased',
    message: 'Taken out of an overseas lading bill',
  },

  // columns, titles
  colLadingNo: /*i18n*/ { id: 'lading.col.ladingNo', message: 'Lading bill no' },
  colBatchNo: /*i18n*/ { id: 'lading.col.batchNo', message: 'Batch no' },
  colOverseasNo: /*i18n*/ { id: 'lading.col.overseasNo', message: 'Overseas lading no' },
  colPackageNo: /*i18n*/ { id: 'lading.col.packageNo', message: 'Package no' },
  colChannelCode: /*i18n*/ { id: 'lading.col.channelCode', message: 'Shipping channel code' },
  colCarrierCode: /*i18n*/ { id: 'lading.col.carrierCode', message: 'Carrier code' },
  colType: /*i18n*/ { id: 'lading.col.type', message: 'Type' },
  colOrderType: /*i18n*/ { id: 'lading.col.orderType', message: 'Order type' },
  colPickupStatus: /*i18n*/ { id: 'lading.col.pickupStatus', message: 'Pickup status' },
  colSignStatus: /*i18n*/ { id: 'lading.col.signStatus', message: 'Sign status' },
  colConfirmState: /*i18n*/ { id: 'lading.col.confirmState', message: 'Confirmed' },
  colMailState: /*i18n*/ { id: 'lading.col.mailState', message: 'Mail push result' },
  colMailTime: /*i18n*/ { id: 'lading.col.mailTime', message: 'Mail push time (UTC)' },
  colItemCount: /*i18n*/ { id: 'lading.col.itemCount', message: 'Items' },
  colOrderCount: /*i18n*/ { id: 'lading.col.orderCount', message: 'Orders' },
  colPieceCount: /*i18n*/ { id: 'lading.col.pieceCount', message: 'Pieces' },
  colLadingCount: /*i18n*/ { id: 'lading.col.ladingCount', message: 'Lading bills' },
  colWeight: /*i18n*/ { id: 'lading.col.weight', message: 'Weight (kg)' },
  colVolumeWeight: /*i18n*/ { id: 'lading.col.volumeWeight', message: 'Volume weight (kg)' },
  colPickedUpAt: /*i18n*/ { id: 'lading.col.pickedUpAt', message: 'Pickup time (UTC)' },
  colPickedUpBy: /*i18n*/ { id: 'lading.col.pickedUpBy', message: 'Pickup person' },
  colCreatedBy: /*i18n*/ { id: 'lading.col.createdBy', message: 'Generator' },
  colCreatedAt: /*i18n*/ { id: 'lading.col.createdAt', message: 'Generation time (UTC)' },
  colRemark: /*i18n*/ { id: 'lading.col.remark', message: 'Remark' },
  colClearanceStatus: /*i18n*/ { id: 'lading.col.clearanceStatus', message: 'Clearance status' },
  colDeclarationNo: /*i18n*/ { id: 'lading.col.declarationNo', message: 'Declaration no' },
  colAirlineBillNo: /*i18n*/ { id: 'lading.col.airlineBillNo', message: 'Airline bill no' },
  colAirCargoNo: /*i18n*/ { id: 'lading.col.airCargoNo', message: 'Air cargo no' },
  colDeparturePort: /*i18n*/ { id: 'lading.col.departurePort', message: 'Departure port' },
  colDestinationPort: /*i18n*/ { id: 'lading.col.destinationPort', message: 'Destination port' },
  colDepartureTime: /*i18n*/ { id: 'lading.col.departureTime', message: 'Departure time' },
  colArrivalTime: /*i18n*/ { id: 'lading.col.arrivalTime', message: 'Arrival time' },
  colPortCarrier: /*i18n*/ { id: 'lading.col.portCarrier', message: 'Port carrier' },
  colFirstCarrier: /*i18n*/ { id: 'lading.col.firstCarrier', message: 'First carrier' },
  colCharged: /*i18n*/ { id: 'lading.col.charged', message: 'Charged (battery)' },
  colMixed: /*i18n*/ { id: 'lading.col.mixed', message: 'Mixed' },
  colExchanged: /*i18n*/ { id: 'lading.col.exchanged', message: 'Exchange status' },
  colExchangedAt: /*i18n*/ { id: 'lading.col.exchangedAt', message: 'Exchange time (UTC)' },
  colExchangedBy: /*i18n*/ { id: 'lading.col.exchangedBy', message: 'Operator' },
  colScanCount: /*i18n*/ { id: 'lading.col.scanCount', message: 'Scans' },
  titleLadings: /*i18n*/ { id: 'lading.title.ladings', message: 'Lading bills' },
  titleClearancePackages: /*i18n*/ { id: 'lading.title.clearancePackages', message: 'Clearance packages' },
  titleClearanceLadings: /*i18n*/ { id: 'lading.title.clearanceLadings', message: 'Clearance lading bills' },
  titleClearanceGoods: /*i18n*/ { id: 'lading.title.clearanceGoods', message: 'Clearance declaration lines' },
  titleLadingImport: /*i18n*/ { id: 'lading.title.ladingImport', message: 'Lading import' },
  titleClearanceImport: /*i18n*/ { id: 'lading.title.clearanceImport', message: 'Clearance data import' },
  titleBatches: /*i18n*/ { id: 'lading.title.batches', message: 'Batches' },
  titleBatchClearance: /*i18n*/ { id: 'lading.title.batchClearance', message: 'Batch clearance data' },
  titleBatchImport: /*i18n*/ { id: 'lading.title.batchImport', message: 'Batch import' },
  titleAirCargoImport: /*i18n*/ { id: 'lading.title.airCargoImport', message: 'Air cargo import' },
  titleOverseas: /*i18n*/ { id: 'lading.title.overseas', message: 'Overseas lading bills' },
  titlePackages: /*i18n*/ { id: 'lading.title.packages', message: 'Packages' },
  titlePackageDetail: /*i18n*/ { id: 'lading.title.packageDetail', message: 'Package orders' },
  titleExchange: /*i18n*/ { id: 'lading.title.exchange', message: 'Exchange scans' },
  mailAttachment: /*i18n*/ { id: 'lading.mail.attachment', message: 'Lading {no}' },
} satisfies Record<string, MessageDescriptor>;

type Key = keyof typeof ladingMessages;

/** The descriptor of a numbered name (pickup status, type, mail state …), if any. */
export function ladingNumbered(
  prefix: 'pickup' | 'type' | 'orderType' | 'confirm' | 'mail' | 'sign' | 'clearance' | 'exchange',
  n: number,
): MessageDescriptor | undefined {
  return (ladingMessages as Record<string, MessageDescriptor>)[`${prefix}${n}` as Key];
}
