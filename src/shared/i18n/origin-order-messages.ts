import type { MessageDescriptor } from './messages.ts';

/**
 * Messages of origin (foreign) orders: entry, address confirmation, upload (push) results, the
 * extra-information import and export, the push records and the CITC list.
 */
export const originOrderMessages = {
  platformOrderNoTaken: /*i18n*/ {
    id: 'origin.platformOrderNoTaken',
    message: 'Platform order no {no} of {platform} already exists',
  },
  customerInvalid: /*i18n*/ { id: 'origin.customerInvalid', message: 'Choose the customer' },
  channelInvalid: /*i18n*/ {
    id: 'origin.channelInvalid',
    message: 'Choose an enabled shipping channel',
  },
  addressUnresolved: /*i18n*/ {
    id: 'origin.addressUnresolved',
    message: 'The address could not be matched to the region list: choose the country, province and city',
  },
  senderRegionInvalid: /*i18n*/ {
    id: 'origin.senderRegionInvalid',
    message: 'Choose the sender’s country, province and city from the region list',
  },
  alreadyUploadedLocked: /*i18n*/ {
    id: 'origin.alreadyUploadedLocked',
    message: 'Origin order {no} is already uploaded: its addresses can no longer change',
  },

  // upload (push) results, one per origin order
  receiverUnconfirmed: /*i18n*/ {
    id: 'origin.receiverUnconfirmed',
    message: 'The receiver address of {no} is not confirmed yet',
  },
  senderUnconfirmed: /*i18n*/ {
    id: 'origin.senderUnconfirmed',
    message: 'The sender address of {no} is not confirmed yet',
  },
  channelMissing: /*i18n*/ {
    id: 'origin.channelMissing',
    message: 'Origin order {no} has no shipping channel',
  },
  alreadyUploaded: /*i18n*/ {
    id: 'origin.alreadyUploaded',
    message: 'Origin order {no} was already uploaded as {trackingNo}',
  },
  uploadedAs: /*i18n*/ { id: 'origin.uploadedAs', message: 'Uploaded as order {trackingNo}' },
  noneUploaded: /*i18n*/ {
    id: 'origin.noneUploaded',
    message: 'None of the selected origin orders could be uploaded',
  },
  pushTimeRangeRequired: /*i18n*/ {
    id: 'origin.pushTimeRangeRequired',
    message: 'Push time range must be selected',
  },

  // states, as the export writes them
  confirmed: /*i18n*/ { id: 'origin.confirmed', message: 'Confirmed' },
  unconfirmed: /*i18n*/ { id: 'origin.unconfirmed', message: 'Not confirmed' },
  upload0: /*i18n*/ { id: 'origin.upload.notUploaded', message: 'Not uploaded' },
  upload1: /*i18n*/ { id: 'origin.upload.uploaded', message: 'Uploaded' },
  upload2: /*i18n*/ { id: 'origin.upload.failed', message: 'Upload failed' },

  // the extra-information import and export
  extraTemplateTitle: /*i18n*/ {
    id: 'origin.extraTemplateTitle',
    message: 'Origin order extra information template',
  },
  extraExportTitle: /*i18n*/ { id: 'origin.extraExportTitle', message: 'Origin order extra information' },
  colPlatform: /*i18n*/ { id: 'origin.col.platform', message: 'Platform' },
  colPlatformOrderNo: /*i18n*/ { id: 'origin.col.platformOrderNo', message: 'Platform order no' },
  colBuyerIdNo: /*i18n*/ { id: 'origin.col.buyerIdNo', message: 'Buyer ID no' },
  colDeclaredValue: /*i18n*/ { id: 'origin.col.declaredValue', message: 'Declared value' },
  colDeclaredCurrency: /*i18n*/ { id: 'origin.col.declaredCurrency', message: 'Declared value currency' },
  colInvoiceNo: /*i18n*/ { id: 'origin.col.invoiceNo', message: 'Invoice no' },
  colPaymentMethod: /*i18n*/ {
    id: 'origin.col.paymentMethod',
    message: 'Payment method (COD, PREPAID, CARD, WALLET, BANK)',
  },
  colPaidAt: /*i18n*/ { id: 'origin.col.paidAt', message: 'Paid at (YYYY-MM-DD HH:mm, UTC)' },
  colExtraRemark: /*i18n*/ { id: 'origin.col.extraRemark', message: 'Extra remark' },
  colShop: /*i18n*/ { id: 'origin.col.shop', message: 'Shop' },
  colCustomerCode: /*i18n*/ { id: 'origin.col.customerCode', message: 'Customer code' },
  colTrackingNo: /*i18n*/ { id: 'origin.col.trackingNo', message: 'Tracking no' },
  colReceiver: /*i18n*/ { id: 'origin.col.receiver', message: 'Receiver' },
  colReceiverPhone: /*i18n*/ { id: 'origin.col.receiverPhone', message: 'Receiver phone' },
  colReceiverAddress: /*i18n*/ { id: 'origin.col.receiverAddress', message: 'Receiver address' },
  colReceiverState: /*i18n*/ { id: 'origin.col.receiverState', message: 'Receiver address check' },
  colSenderState: /*i18n*/ { id: 'origin.col.senderState', message: 'Sender address check' },
  colUploadState: /*i18n*/ { id: 'origin.col.uploadState', message: 'Upload' },
  colCreatedAt: /*i18n*/ { id: 'origin.col.createdAt', message: 'Created at' },
  originNotFound: /*i18n*/ {
    id: 'origin.originNotFound',
    message: 'There is no origin order {no} from {platform}',
  },
  platformUnknown: /*i18n*/ {
    id: 'origin.platformUnknown',
    message: 'Use one of: {platforms}',
  },
  duplicateRow: /*i18n*/ {
    id: 'origin.duplicateRow',
    message: 'The same origin order is already on row {row}',
  },
  paymentMethodInvalid: /*i18n*/ {
    id: 'origin.paymentMethodInvalid',
    message: 'Use one of: {methods}',
  },
  paidAtInvalid: /*i18n*/ {
    id: 'origin.paidAtInvalid',
    message: 'Write the time as YYYY-MM-DD or YYYY-MM-DD HH:mm',
  },
  idNoInvalid: /*i18n*/ {
    id: 'origin.idNoInvalid',
    message: 'An ID no has 5 to 20 letters or digits',
  },
  declaredValueInvalid: /*i18n*/ { id: 'origin.declaredValueInvalid', message: 'Enter a correct amount' },
  currencyInvalid: /*i18n*/ {
    id: 'origin.currencyInvalid',
    message: 'A currency is three letters, such as SAR or USD',
  },

  // CITC reports (citc-report.ts)
  citcNotConfigured: /*i18n*/ {
    id: 'origin.citc.notConfigured',
    message: 'Reporting to the CITC is not configured (CITC_REPORT_URL)',
  },
  citcOrderGone: /*i18n*/ { id: 'origin.citc.orderGone', message: 'The order no longer exists' },
} satisfies Record<string, MessageDescriptor>;
