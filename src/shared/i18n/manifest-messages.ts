/**
 * Messages of the carrier's handover manifest (a lading bill's or a batch's, made at pickup):
 * the refusal, and the captions printed on its PDF and written in its sheet.
 */
export const manifestMessages = {
  notPickedUp: /*i18n*/ {
    id: 'manifest.notPickedUp',
    message: 'The handover manifest of {no} is made at pickup: it is not picked up',
  },

  file: /*i18n*/ { id: 'manifest.file', message: 'Handover manifest {no}' },
  title: /*i18n*/ { id: 'manifest.title', message: 'Carrier handover manifest' },
  ladingNo: /*i18n*/ { id: 'manifest.ladingNo', message: 'Lading bill no' },
  batchNo: /*i18n*/ { id: 'manifest.batchNo', message: 'Batch no' },
  airlineBillNo: /*i18n*/ { id: 'manifest.airlineBillNo', message: 'Airline bill no' },
  carrier: /*i18n*/ { id: 'manifest.carrier', message: 'Carrier' },
  channel: /*i18n*/ { id: 'manifest.channel', message: 'Channel' },
  destination: /*i18n*/ { id: 'manifest.destination', message: 'Destination' },
  pickedUpAt: /*i18n*/ { id: 'manifest.pickedUpAt', message: 'Picked up at ({zone})' },
  pickedUpBy: /*i18n*/ { id: 'manifest.pickedUpBy', message: 'Picked up by' },
  printedAt: /*i18n*/ { id: 'manifest.printedAt', message: 'Made at ({zone})' },

  colLine: /*i18n*/ { id: 'manifest.col.line', message: 'No.' },
  colBill: /*i18n*/ { id: 'manifest.col.bill', message: 'Lading bill' },
  colPackage: /*i18n*/ { id: 'manifest.col.package', message: 'Package no' },
  colTracking: /*i18n*/ { id: 'manifest.col.tracking', message: 'Tracking no' },
  colCarrierNo: /*i18n*/ { id: 'manifest.col.carrierNo', message: 'Carrier tracking no' },
  colConsignee: /*i18n*/ { id: 'manifest.col.consignee', message: 'Consignee' },
  colCity: /*i18n*/ { id: 'manifest.col.city', message: 'City' },
  colOrders: /*i18n*/ { id: 'manifest.col.orders', message: 'Orders' },
  colPieces: /*i18n*/ { id: 'manifest.col.pieces', message: 'Pieces' },
  colWeight: /*i18n*/ { id: 'manifest.col.weight', message: 'Weight (kg)' },
  colCod: /*i18n*/ { id: 'manifest.col.cod', message: 'COD' },
  colCodIn: /*i18n*/ { id: 'manifest.col.codIn', message: 'COD {currency}' },

  totals: /*i18n*/ { id: 'manifest.totals', message: 'Totals' },
  totalParcels: /*i18n*/ { id: 'manifest.totalParcels', message: 'Parcels' },
  totalCod: /*i18n*/ {
    id: 'manifest.totalCod',
    message: 'COD {currency}: {amount} (orders: {count})',
  },
  noCod: /*i18n*/ { id: 'manifest.noCod', message: 'No COD' },

  handedOver: /*i18n*/ { id: 'manifest.handedOver', message: 'Handed over by the warehouse' },
  takenOver: /*i18n*/ { id: 'manifest.takenOver', message: 'Taken over by the carrier' },
  signName: /*i18n*/ { id: 'manifest.signName', message: 'Name' },
  signature: /*i18n*/ { id: 'manifest.signature', message: 'Signature' },
  signDate: /*i18n*/ { id: 'manifest.signDate', message: 'Date' },
  page: /*i18n*/ { id: 'manifest.page', message: 'Page {page} of {pages}' },
};
