/**
 * What a scan screen checks on the device before it queues a scan, in the words the server uses for
 * the same refusals (part of ladingMessages): a file of its own, so the PDA's catalogue part holds
 * these and not every lading message. The refusals of the lading scan rule (domain/scan-rule.ts)
 * are here too: the PDA says them from its snapshot, offline.
 */
export const scanMessages = {
  scanValid: /*i18n*/ { id: 'lading.scanValid', message: 'Scan a valid tracking no' },
  channelFirst: /*i18n*/ { id: 'lading.channelFirst', message: 'Select a logistics channel first' },
  refusedAlreadyAdded: /*i18n*/ {
    id: 'lading.refused.alreadyAdded',
    message: 'Tracking no already added: {trackingNo} is in {billNo}',
  },
  refusedBillNotOpen: /*i18n*/ {
    id: 'lading.refused.billNotOpen',
    message: '{billNo} is confirmed, picked up or cancelled and takes no more scans',
  },
  refusedUnknown: /*i18n*/ {
    id: 'lading.refused.unknown',
    message: 'No order has the tracking no {trackingNo}',
  },
  refusedCancelled: /*i18n*/ {
    id: 'lading.refused.cancelled',
    message: 'Order {trackingNo} is cancelled: set the parcel aside',
  },
  refusedIntercepted: /*i18n*/ {
    id: 'lading.refused.intercepted',
    message: 'Order {trackingNo} is intercepted: set the parcel aside',
  },
  refusedNotReceived: /*i18n*/ {
    id: 'lading.refused.notReceived',
    message: 'Order {trackingNo} has not been received at the warehouse yet',
  },
  refusedWrongChannel: /*i18n*/ {
    id: 'lading.refused.wrongChannel',
    message:
      'Order {trackingNo} ships with {channel}, this bill with {billChannel}: select a logistics channel first',
  },
  refusedWrongCountry: /*i18n*/ {
    id: 'lading.refused.wrongCountry',
    message: 'Order {trackingNo} goes to {country}, this bill to {billCountry}',
  },
  refusedInPackage: /*i18n*/ {
    id: 'lading.refused.inPackage',
    message: 'Order {trackingNo} is in package {packageNo}: scan the package',
  },
};
