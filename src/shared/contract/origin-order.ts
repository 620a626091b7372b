import { endpoint, pageOf, staff } from './core.ts';
import { invoiceResult, originPrintSelection } from './order-print.ts';
import { orderExport, sheetImport, template } from './order-staff.ts';
import {
  confirmAddressBody,
  originDetail,
  originFilters,
  originIdBody,
  originInput,
  originListRequest,
  originRecord,
  pushRecord,
  pushRecordListRequest,
  uploadBody,
  uploadResult,
} from './origin-order-shapes.ts';

export * from './origin-order-shapes.ts';

/** Origin (foreign) orders. */
export const originOrder = {
  list: endpoint({
    method: 'POST',
    path: '/order/origin/list',
    kind: 'json',
    summary:
      'Origin (foreign) orders, newest first, by platform, platform order nos or tracking nos (bulk text), customer, receiver and sender confirmation, upload state and creation time.',
    body: originListRequest,
    data: pageOf(originRecord),
    access: staff('foreignOrder:view'),
  }),
  detail: endpoint({
    method: 'POST',
    path: '/order/origin/detail',
    kind: 'json',
    summary:
      'One origin order: raw and confirmed addresses (with the region path the raw text suggests), parcel, goods, extra information, upload attempts and its CITC report.',
    body: originIdBody,
    data: originDetail,
    access: staff('foreignOrder:view'),
  }),
  confirmReceiverAddress: endpoint({
    method: 'POST',
    path: '/order/origin/confirmReceiverAddress',
    kind: 'json',
    summary:
      'Confirm the receiver address: the raw text matched to our regions (down to the city), or the region path the operator chose; refused once the order is uploaded.',
    body: confirmAddressBody,
    data: originDetail,
    access: staff('foreignOrder:edit'),
  }),
  confirmSenderAddress: endpoint({
    method: 'POST',
    path: '/order/origin/confirmSenderAddress',
    kind: 'json',
    summary:
      'Confirm the sender address, as confirmReceiverAddress does for the receiver (the sender needs the country at least).',
    body: confirmAddressBody,
    data: originDetail,
    access: staff('foreignOrder:edit'),
  }),
  exportExtraOrderInfo: orderExport(
    '/order/origin/exportExtraOrderInfo',
    'Export the extra information of the origin orders the list’s filters select (or the selected ids among them) as an export task; its first columns are the import template’s, so the file imports again. A creation time range with both ends is required.',
    staff('foreignOrder:export'),
    originFilters,
  ),
  printInvoice: endpoint({
    method: 'POST',
    path: '/order/origin/printInvoice',
    kind: 'json',
    summary:
      'Commercial invoices of origin (foreign) orders by id, as the platform sent them (receiver, sender, goods lines), in the form batchPrintInvoice answers; the invoice no is the origin order’s own, else its platform order no.',
    body: originPrintSelection,
    data: invoiceResult,
    access: staff('foreignOrder:print'),
  }),
  uploadOrder: endpoint({
    method: 'POST',
    path: '/order/origin/uploadOrder',
    kind: 'json',
    summary:
      'Upload (push) origin orders into regular orders, each as order/create creates one (platform order no as customer no). Each is answered on its own and recorded as a push record; one with an unconfirmed address, no channel or already uploaded is refused, so an origin order becomes one order at most. When none could be uploaded: 409 with the results in data.',
    body: uploadBody,
    data: uploadResult,
    access: staff('foreignOrder:edit'),
  }),
  importExtraOrderOriginInfo: sheetImport(
    '/order/origin/importExtraOrderOriginInfo',
    'Import extra information of origin orders (platform, platform order no, buyer ID no, declared value and currency, invoice no, payment method, paid at, remark) from the template: every origin order must exist; one bad row writes nothing.',
    staff('foreignOrder:import'),
  ),
  downloadExtraInfoTemplate: {
    ...template(
      '/order/origin/download/extraInfoTemplate',
      'Beyond the spec: the template of importExtraOrderOriginInfo, headers in the caller’s language, with an example row.',
      staff('foreignOrder:import'),
    ),
    beyondSpec: true as const,
  },
  create: endpoint({
    method: 'POST',
    path: '/order/origin/create',
    kind: 'json',
    summary:
      'Beyond the spec: foreignOrder/input enters one origin order by hand (addresses as written, not yet confirmed), checked as order/create checks the parcel and goods; the platform order no is unique per platform.',
    body: originInput,
    data: originDetail,
    access: staff('foreignOrder:edit'),
    beyondSpec: true,
  }),
  pushRecordList: endpoint({
    method: 'POST',
    path: '/order/origin/pushRecordList',
    kind: 'json',
    summary:
      'Beyond the spec: the push records screen (foreignOrder/pushRecord): upload attempts, newest first, with result, message, order made and operator, within a push time range (required).',
    body: pushRecordListRequest,
    data: pageOf(pushRecord),
    access: staff('foreignOrder:view'),
    beyondSpec: true,
  }),
  checkedWeightImport: sheetImport(
    '/order/origin/checkedWeightImport',
    'Import checked weights of the orders made from origin orders: the same file, rules, writes and permission (order:check) as order/importCheck; a row naming an order not made from an origin order is refused in the report.',
    staff('order:check'),
  ),
};
