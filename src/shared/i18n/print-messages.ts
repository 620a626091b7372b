/**
 * Messages of labels and commercial invoices: refusals, and the captions printed on the PDFs (in
 * the language of the request).
 */
export const printMessages = {
  selectOrders: /*i18n*/ {
    id: 'print.selectOrders',
    message: 'Select orders or enter tracking nos to print',
  },
  tooManyOrders: /*i18n*/ { id: 'print.tooManyOrders', message: 'Print at most {max} orders at a time' },
  noneFound: /*i18n*/ { id: 'print.noneFound', message: 'None of these orders was found' },

  labelFile: /*i18n*/ { id: 'print.labelFile', message: 'Labels' },
  invoiceFile: /*i18n*/ { id: 'print.invoiceFile', message: 'Commercial invoices' },

  // label captions
  from: /*i18n*/ { id: 'print.from', message: 'From' },
  to: /*i18n*/ { id: 'print.to', message: 'To' },
  cod: /*i18n*/ { id: 'print.cod', message: 'COD' },
  prepaid: /*i18n*/ { id: 'print.prepaid', message: 'Prepaid' },
  weight: /*i18n*/ { id: 'print.weight', message: 'Weight' },
  pieces: /*i18n*/ { id: 'print.pieces', message: 'Pieces' },
  date: /*i18n*/ { id: 'print.date', message: 'Date' },
  channel: /*i18n*/ { id: 'print.channel', message: 'Channel' },
  carrier: /*i18n*/ { id: 'print.carrier', message: 'Carrier' },
  customerNo: /*i18n*/ { id: 'print.customerNo', message: 'Customer no' },
  contents: /*i18n*/ { id: 'print.contents', message: 'Contents' },
  cancelled: /*i18n*/ { id: 'print.cancelled', message: 'Cancelled' },

  // lading bill label captions
  ladingBill: /*i18n*/ { id: 'print.ladingBill', message: 'Lading bill' },
  package: /*i18n*/ { id: 'print.package', message: 'Package' },
  customer: /*i18n*/ { id: 'print.customer', message: 'Customer' },
  packageLabelFile: /*i18n*/ { id: 'print.packageLabelFile', message: 'Package labels' },
  batch: /*i18n*/ { id: 'print.batch', message: 'Batch' },
  airlineBillNo: /*i18n*/ { id: 'print.airlineBillNo', message: 'Airline bill no' },
  batchLabelFile: /*i18n*/ { id: 'print.batchLabelFile', message: 'Batch labels' },
  ladingLabelFile: /*i18n*/ { id: 'print.ladingLabelFile', message: 'Lading bill labels' },
  ladingBills: /*i18n*/ { id: 'print.ladingBills', message: 'Lading bills' },
  more: /*i18n*/ { id: 'print.more', message: '+{count} more' },
  parcels: /*i18n*/ { id: 'print.parcels', message: 'Parcels' },
  orders: /*i18n*/ { id: 'print.orders', message: 'Orders' },
  weightKg: /*i18n*/ { id: 'print.weightKg', message: 'Weight (kg)' },

  // invoice captions
  invoiceTitle: /*i18n*/ { id: 'print.invoiceTitle', message: 'Commercial invoice' },
  invoiceNo: /*i18n*/ { id: 'print.invoiceNo', message: 'Invoice no' },
  shipper: /*i18n*/ { id: 'print.shipper', message: 'Shipper' },
  consignee: /*i18n*/ { id: 'print.consignee', message: 'Consignee' },
  trackingNo: /*i18n*/ { id: 'print.trackingNo', message: 'Tracking no' },
  platformOrderNo: /*i18n*/ { id: 'print.platformOrderNo', message: 'Platform order no' },
  carrierTrackingNo: /*i18n*/ { id: 'print.carrierTrackingNo', message: 'Carrier tracking no' },
  lineNo: /*i18n*/ { id: 'print.lineNo', message: 'No.' },
  description: /*i18n*/ { id: 'print.description', message: 'Description of goods' },
  hsCode: /*i18n*/ { id: 'print.hsCode', message: 'HS code' },
  quantity: /*i18n*/ { id: 'print.quantity', message: 'Qty' },
  unitValue: /*i18n*/ { id: 'print.unitValue', message: 'Unit value' },
  currency: /*i18n*/ { id: 'print.currency', message: 'Currency' },
  amount: /*i18n*/ { id: 'print.amount', message: 'Amount' },
  total: /*i18n*/ { id: 'print.total', message: 'Total {currency}' },
  declaration: /*i18n*/ {
    id: 'print.declaration',
    message:
      'I declare that the information in this invoice is true and correct, and that the contents of this shipment are as stated above.',
  },
  signature: /*i18n*/ { id: 'print.signature', message: 'Signature and date' },
  page: /*i18n*/ { id: 'print.page', message: 'Page {page} of {pages}' },
};
