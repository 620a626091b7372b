import { z } from 'zod';
import { orderMessages } from '../i18n/order-messages.ts';
import {
  endpoint,
  fileOf,
  id,
  optionalText,
  pageOf,
  requiredText,
  SHEET_FILE,
  staff,
  staffOrCustomer,
} from './core.ts';
import { exportStarted } from './export-task.ts';
import { upper } from './order-entry-fields.ts';
import {
  downloadFileQuery,
  orderImportLog,
  orderImportLogRequest,
  orderImportResult,
} from './order-import.ts';
import { invoiceResult, labelResult, printSelection, zplSelection } from './order-print.ts';
import {
  cancelResult,
  checkWvResult,
  createBatchResult,
  interceptResult,
  orderDetail,
  orderRecord,
  receiveResult,
  remarkRecord,
  statusOption,
} from './order-records.ts';
import {
  CREATE_BATCH_BODY_LIMIT,
  checkWvInput,
  createBatchRequest,
  orderFilters,
  orderInput,
  orderListRequest,
  receiveInput,
} from './order-requests.ts';
import {
  abnormalExportRequest,
  abnormalImagesBody,
  abnormalListRecord,
  abnormalListRequest,
  handleAbnormalBody,
  orderExport,
  sheetImport,
  template,
} from './order-staff.ts';
import { citcListRequest, citcRecord, citcReportBody } from './origin-order-shapes.ts';

export * from './order-import.ts';
export * from './order-records.ts';
export * from './order-requests.ts';

const noBody = z.object({}).strict().prefault({});

/** Orders: the desktop list, detail, customer entry and import, exports, remarks, interception. */
export const order = {
  list: endpoint({
    method: 'POST',
    path: '/order/list',
    kind: 'json',
    summary:
      'Orders, paged, newest first; customers see their own only. `total` is exact up to 10,000 matches, then capped (`totalCapped`).',
    body: orderListRequest,
    data: pageOf(orderRecord),
    access: { ...staffOrCustomer('order:view'), key: 'orders:read' },
  }),
  getOrderDetail: endpoint({
    method: 'GET',
    path: '/order/getOrderDetail/{id}',
    kind: 'json',
    summary:
      'One order with goods, tracks and remarks: sender, consignee, goods, weights and volume, fees, events, remarks, status history, interceptions, abnormal marks, and (staff only) the bills holding it: package, lading bill, batch, overseas lading.',
    params: z.object({ id }).strict(),
    data: orderDetail,
    access: { ...staffOrCustomer('order:view'), key: 'orders:read' },
  }),
  create: endpoint({
    method: 'POST',
    path: '/order/create',
    kind: 'json',
    summary:
      "Enter an order. Customer accounts enter their own customer's orders; staff name the customer. The channel must be enabled and assigned to the customer, whoever enters it (shipping/getShippingsByUser lists them). Goods names are checked against the sensitive words (a hit flags the line and marks the order abnormal, it is not refused).",
    body: orderInput,
    data: orderDetail,
    access: { ...staffOrCustomer('order:edit', 'orders:create'), key: 'orders:write' },
    idempotent: true,
  }),
  createBatch: endpoint({
    method: 'POST',
    path: '/order/createBatch',
    kind: 'json',
    summary:
      "Beyond the spec: enter up to 1,000 orders in one call, for a customer's system. Each order is checked as order/create checks one and created or refused on its own (per row, not all or nothing): the answer lists, in the order sent, each created order's id and tracking no, or each refused order's reasons by field. A body that does not match the schema is refused whole (400, `issues` by `orders.<n>.<field>`), as is a batch of more than 1,000. When no order could be created the call answers 409 with the results in data. Send an `Idempotency-Key`: a retry answers the first answer and creates nothing twice.",
    body: createBatchRequest,
    data: createBatchResult,
    access: { ...staffOrCustomer('order:edit', 'orders:create'), key: 'orders:write' },
    idempotent: true,
    beyondSpec: true,
    bodyLimit: CREATE_BATCH_BODY_LIMIT,
  }),
  cancelOrder: endpoint({
    method: 'POST',
    path: '/order/cancelOrder',
    kind: 'json',
    summary:
      'Cancel orders that have not left the warehouse (until picked up). Each refusal is answered per order; when none could be cancelled the call answers 409 with the results in data. An id that is not the caller’s refuses the whole call (404).',
    body: z
      .object({
        ids: z.array(id).min(1).max(500, orderMessages.tooManyNumbers.id),
        reason: optionalText(200),
      })
      .strict(),
    data: cancelResult,
    access: { ...staffOrCustomer('order:cancel', 'orders:cancel'), key: 'orders:write' },
  }),
  importOrder: {
    ...endpoint({
      method: 'POST',
      path: '/order/importOrder',
      kind: 'multipart',
      summary:
        "Import orders from an xlsx or csv file made from the template: one row per goods line, the rows sharing a customer order no form one order. Every row is checked as order/create checks an order (entry rules, channel allowed for the customer and serving the destination, regions by name or code, customer no not taken); nothing is written unless all are valid, else 400 with each bad row's row, column and reason. Customer accounts import for their own customer; staff name it in the `customerId` field sent before the file.",
      data: orderImportResult,
      access: staffOrCustomer('order:import', 'orders:create'),
    }),
    file: SHEET_FILE,
  },
  importLogList: endpoint({
    method: 'POST',
    path: '/order/importLogList',
    kind: 'json',
    summary:
      "Order imports, newest first: original file name, time, importer, rows and orders, import status, push status and time. Customer accounts see their own customer's imports only.",
    body: orderImportLogRequest,
    data: pageOf(orderImportLog),
    access: staffOrCustomer('order:view', 'orders:create'),
  }),
  downloadFile: {
    ...endpoint({
      method: 'GET',
      path: '/order/downloadFile',
      kind: 'blob',
      summary:
        'A template by name (query `name`, default `order`: the order import template), its headers in the caller’s language, with example rows.',
      query: downloadFileQuery,
      ...fileOf('xlsx'),
      access: staffOrCustomer('order:import', 'orders:create'),
    }),
    anyChosen: 'GET: a download has no body and the browser can fetch it as a plain link',
  },
  importCheck: sheetImport(
    '/order/importCheck',
    'Import checked weights and volumes (tracking no, weight, length, width, height): every row is checked as checkWv checks it (the order exists and is received or in lading, the numbers are correct), then each is applied exactly as checkWv applies it (volume and chargeable weight, weight discrepancy mark, fees), all in one transaction; one bad row writes nothing. It re-weighs orders, so it needs what checkWv needs (order:check).',
    staff('order:check'),
  ),
  importClearance: sheetImport(
    '/order/importClearance',
    'Import clearance numbers (tracking no, clearance no): every order must exist and not be cancelled, each number is up to 50 letters, digits, hyphens, slashes or underscores; one bad row writes nothing.',
    staff('order:import'),
  ),
  downloadCheckFile: template(
    '/order/download/checkFile',
    'The checked-weight import template (order/importCheck and order/origin/checkedWeightImport), headers in the caller’s language.',
    staff('order:check'),
  ),
  downloadClearanceFile: template(
    '/order/download/clearanceFile',
    'The clearance-number import template, headers in the caller’s language.',
    staff('order:import'),
  ),
  exportOrderInfo: orderExport(
    '/order/exportOrderInfo',
    'Export the orders the list’s filters select (or the selected ids among them) as an export task: one row per order. A time range with both ends is required (else 400, "Creation time range must be selected"). Customers export their own orders only.',
    staffOrCustomer('order:export', 'orders:export'),
    orderFilters,
  ),
  exportClearanceData: orderExport(
    '/order/exportClearanceData',
    'Export clearance data of the orders the list’s filters select as an export task: one row per goods line with the order’s clearance no, consignee and weights. A time range with both ends is required.',
    staff('order:export'),
    orderFilters,
  ),
  exportOrderGoodsInfo: orderExport(
    '/order/exportOrderGoodsInfo',
    'Export the goods lines of the orders the list’s filters select as an export task. A time range with both ends is required.',
    staff('order:export'),
    orderFilters,
  ),
  batchPrintLabel: endpoint({
    method: 'POST',
    path: '/order/batchPrintLabel',
    kind: 'json',
    summary:
      'Labels of the selected orders (customers: their own): what each label shows, and a PDF of 100 × 150 mm labels, one page per order, with the Code128 of our tracking no (and of the carrier’s number once assigned), in base64.',
    body: printSelection,
    data: labelResult,
    access: { ...staffOrCustomer('order:print', 'labels:print'), key: 'labels' },
  }),
  printLabelZpl: {
    ...endpoint({
      method: 'POST',
      path: '/order/printLabelZpl',
      kind: 'blob',
      summary:
        'Beyond the spec: the labels of batchPrintLabel as ZPL II for a thermal printer attached to a PC (`dpi` 203 or 300, `labelSize` 100x150 unless given), one label per order, the same content as the PDF; Arabic and Chinese text as ^GFA graphic fields.',
      body: zplSelection,
      ...fileOf('zpl'),
      access: staffOrCustomer('order:print', 'labels:print'),
    }),
    beyondSpec: true as const,
  },
  batchPrintInvoice: endpoint({
    method: 'POST',
    path: '/order/batchPrintInvoice',
    kind: 'json',
    summary:
      'Commercial invoices of the selected orders: shipper, consignee, goods lines with HS codes and values, totals per currency, the declaration; and their A4 PDF in base64.',
    body: printSelection,
    data: invoiceResult,
    access: staff('invoice:print'),
  }),
  orderStatusList: endpoint({
    method: 'GET',
    path: '/order/orderStatusList',
    kind: 'json',
    summary:
      'The order status enumeration, in the order of the life of a parcel, named in the caller’s language.',
    data: z.array(statusOption),
    access: { anyUser: true },
  }),
  addRemark: endpoint({
    method: 'POST',
    path: '/order/addRemark',
    kind: 'json',
    summary: 'Add a remark to an order (customers to their own orders).',
    body: z.object({ orderId: id, content: requiredText(500) }).strict(),
    data: remarkRecord,
    access: staffOrCustomer('order:edit', 'orders:create'),
  }),
  getOrderRemarkList: endpoint({
    method: 'GET',
    path: '/order/getOrderRemarkList/{orderId}',
    kind: 'json',
    summary: 'Remarks of an order, newest first.',
    params: z.object({ orderId: id }).strict(),
    data: z.array(remarkRecord),
    access: staffOrCustomer('order:view'),
  }),
  checkWv: endpoint({
    method: 'POST',
    path: '/order/checkWv',
    kind: 'json',
    summary:
      'Record the checked weight and sides of a received order (by id or tracking no): volume weight = L×W×H / the divisor (the customer’s, else the channel’s, default 6000), chargeable weight = the greater, and the fees again from the channel’s price rule (or a fee exception).',
    body: checkWvInput,
    data: checkWvResult,
    access: staff('order:check'),
  }),
  receive: endpoint({
    method: 'POST',
    path: '/order/receive/{trackingNo}',
    kind: 'json',
    summary:
      'Beyond the spec: the order/scan screen receives a parcel at the warehouse by its tracking no (created → received, arrival time, a tracking event), draws its last-mile carrier and number from the pool (or marks it abnormal), computes its fees, and answers a result kind for the sound: ok, already, unknown, cancelled, intercepted.',
    params: z.object({ trackingNo: upper(64).pipe(z.string().min(1)) }).strict(),
    body: receiveInput,
    data: receiveResult,
    access: staff('order:scan'),
    beyondSpec: true,
  }),
  citcList: endpoint({
    method: 'POST',
    path: '/citc/list',
    kind: 'json',
    summary:
      'Orders reported to the destination’s postal regulator (CITC, Saudi Arabia), newest first: made when an origin order to such a country is uploaded; status 0 pending, 1 reported, 2 rejected.',
    body: citcListRequest,
    data: pageOf(citcRecord),
    access: staff('foreignOrder:view'),
  }),
  citcReport: {
    ...endpoint({
      method: 'POST',
      path: '/citc/report',
      kind: 'json',
      summary:
        'Beyond the spec: report the chosen CITC records now (waiting ones without waiting for the next retry, or rejected ones once the cause is settled) to CITC_REPORT_URL, one JSON POST each, and answer them with the outcome: reported with the receiver’s reference, rejected with its message, or still waiting with the error (retried by the server after 1, 2, 4 … minutes). Refused when reporting is not configured.',
      body: citcReportBody,
      data: z.array(citcRecord),
      access: staff('foreignOrder:edit'),
    }),
    beyondSpec: true as const,
  },
  orderAbnormalList: endpoint({
    method: 'POST',
    path: '/order/orderAbnormalList',
    kind: 'json',
    summary:
      'Abnormal marks of orders, newest first, by kind, handling state (-1 all, 0 pending, 1 handled), responsible department (0 to 5), customer, tracking nos and time of the mark.',
    body: abnormalListRequest,
    data: pageOf(abnormalListRecord),
    access: staff('abnormal:view'),
  }),
  cancelOrderAbnormal: endpoint({
    method: 'POST',
    path: '/order/cancelOrderAbnormal/{id}',
    kind: 'json',
    summary:
      'Mark one abnormal mark (by its id) handled, with what was done; the order leaves the abnormal list for that kind. Already handled: 409.',
    params: z.object({ id }).strict(),
    body: handleAbnormalBody,
    data: abnormalListRecord,
    access: staff('abnormal:edit'),
  }),
  abnormalImages: {
    ...endpoint({
      method: 'POST',
      path: '/order/abnormalImages/{id}',
      kind: 'json',
      summary:
        'Beyond the spec: set the photos of one abnormal mark (pending or handled), in order, at most 9: each uploaded by the caller through image/upload or already on the mark.',
      params: z.object({ id }).strict(),
      body: abnormalImagesBody,
      data: abnormalListRecord,
      access: staff('abnormal:edit'),
    }),
    beyondSpec: true as const,
  },
  exportOrderAbnormal: endpoint({
    method: 'POST',
    path: '/order/export/orderAbnormal',
    kind: 'json',
    summary: 'Export the abnormal marks the filters select as an export task.',
    body: abnormalExportRequest,
    data: exportStarted,
    access: staff('abnormal:export'),
  }),
  interceptOrder: endpoint({
    method: 'POST',
    path: '/order/interceptOrder/{id}',
    kind: 'json',
    summary:
      'Ask to intercept an order: allowed until it is signed (not cancelled, returned or lost), unless a request is pending or succeeded. The order is marked abnormal until the result.',
    params: z.object({ id }).strict(),
    body: z
      .object({ reason: optionalText(200) })
      .strict()
      .prefault({}),
    data: interceptResult,
    access: staff('order:intercept'),
  }),
  cancelOrderIntercept: endpoint({
    method: 'POST',
    path: '/order/cancelOrderIntercep/{id}',
    kind: 'json',
    summary: 'Withdraw an interception request that is still waiting for its result.',
    params: z.object({ id }).strict(),
    body: noBody,
    data: interceptResult,
    access: staff('order:intercept'),
  }),
  getInterceptOrderResult: endpoint({
    method: 'POST',
    path: '/order/getInterceptOrderResult/{id}',
    kind: 'json',
    summary:
      'The result of an interception: the order’s intercept state, its latest request and every earlier one.',
    params: z.object({ id }).strict(),
    body: noBody,
    data: interceptResult,
    access: staff('order:view'),
  }),
  setInterceptOrderResult: endpoint({
    method: 'POST',
    path: '/order/setInterceptOrderResult',
    kind: 'json',
    summary:
      'Record the result of a pending interception (success or failure) with the operator and a remark.',
    body: z
      .object({ id, result: z.enum(['success', 'failure']), remark: z.string().trim().max(500).default('') })
      .strict(),
    data: interceptResult,
    access: staff('order:intercept'),
  }),
};
