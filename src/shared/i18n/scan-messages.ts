/**
 * What a scan screen checks on the device before it queues a scan, in the words the server uses for
 * the same refusals (part of ladingMessages): a file of its own, so the PDA's catalogue part holds
 * these four and not every lading message.
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
};
