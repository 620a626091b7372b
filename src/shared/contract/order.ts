import { download, get, post, staff, staffOrCustomer, upload } from './core.ts';

/** Orders: the desktop list, detail, customer entry and import, exports, remarks, interception. */
export const order = {
  list: post('/order/list', 'Orders, paged; customers see their own only.', staffOrCustomer('order:view')),
  getOrderDetail: get(
    '/order/getOrderDetail/{id}',
    'One order with goods, tracks and remarks.',
    staffOrCustomer('order:view'),
  ),
  create: post('/order/create', 'Enter an order.', staffOrCustomer('order:edit')),
  cancelOrder: post(
    '/order/cancelOrder',
    'Cancel orders that have not left the warehouse.',
    staffOrCustomer('order:cancel'),
  ),
  importOrder: upload(
    '/order/importOrder',
    'Import orders from a file; every row validated first.',
    staffOrCustomer('order:import'),
  ),
  importLogList: post('/order/importLogList', 'Order imports, paged.', staffOrCustomer('order:view')),
  downloadFile: download(
    '/order/downloadFile',
    'The order import template.',
    staffOrCustomer('order:import'),
  ),
  importCheck: upload('/order/importCheck', 'Import checked weights and volumes.', staff('order:import')),
  importClearance: upload('/order/importClearance', 'Import clearance numbers.', staff('order:import')),
  downloadCheckFile: download(
    '/order/download/checkFile',
    'The check import template.',
    staff('order:import'),
  ),
  downloadClearanceFile: download(
    '/order/download/clearanceFile',
    'The clearance import template.',
    staff('order:import'),
  ),
  exportOrderInfo: post(
    '/order/exportOrderInfo',
    'Export the selected orders.',
    staffOrCustomer('order:export'),
  ),
  exportClearanceData: post(
    '/order/exportClearanceData',
    'Export clearance data of the selected orders.',
    staff('order:export'),
  ),
  exportOrderGoodsInfo: post(
    '/order/exportOrderGoodsInfo',
    'Export the goods of the selected orders.',
    staff('order:export'),
  ),
  batchPrintLabel: post(
    '/order/batchPrintLabel',
    'Labels of the selected orders, for printing.',
    staffOrCustomer('order:print'),
  ),
  batchPrintInvoice: post(
    '/order/batchPrintInvoice',
    'Invoices of the selected orders, for printing.',
    staff('invoice:print'),
  ),
  orderStatusList: get('/order/orderStatusList', 'The order status enumeration.', { anyUser: true }),
  addRemark: post('/order/addRemark', 'Add a remark to an order.', staffOrCustomer('order:edit')),
  getOrderRemarkList: get(
    '/order/getOrderRemarkList/{orderId}',
    'Remarks of an order.',
    staffOrCustomer('order:view'),
  ),
  checkWv: post('/order/checkWv', 'Record checked weight and volume of an order.', staff('order:scan')),
  citcList: post('/citc/list', 'CITC records of orders, paged.', staff('order:view')),
  orderAbnormalList: post('/order/orderAbnormalList', 'Abnormal orders, paged.', staff('abnormal:view')),
  cancelOrderAbnormal: post(
    '/order/cancelOrderAbnormal/{id}',
    'Clear the abnormal mark of an order.',
    staff('abnormal:edit'),
  ),
  exportOrderAbnormal: post(
    '/order/export/orderAbnormal',
    'Export abnormal orders.',
    staff('abnormal:export'),
  ),
  interceptOrder: post('/order/interceptOrder/{id}', 'Ask to intercept an order.', staff('order:intercept')),
  cancelOrderIntercept: post(
    '/order/cancelOrderIntercep/{id}',
    'Withdraw an interception request.',
    staff('order:intercept'),
  ),
  getInterceptOrderResult: post(
    '/order/getInterceptOrderResult/{id}',
    'The result of an interception.',
    staff('order:view'),
  ),
  setInterceptOrderResult: post(
    '/order/setInterceptOrderResult',
    'Record the result of an interception.',
    staff('order:intercept'),
  ),
};

/** Origin (foreign) orders. */
export const originOrder = {
  list: post('/order/origin/list', 'Origin orders, paged.', staff('foreignOrder:view')),
  detail: post('/order/origin/detail', 'One origin order.', staff('foreignOrder:view')),
  confirmReceiverAddress: post(
    '/order/origin/confirmReceiverAddress',
    "Confirm an origin order's receiver address.",
    staff('foreignOrder:edit'),
  ),
  confirmSenderAddress: post(
    '/order/origin/confirmSenderAddress',
    "Confirm an origin order's sender address.",
    staff('foreignOrder:edit'),
  ),
  exportExtraOrderInfo: post(
    '/order/origin/exportExtraOrderInfo',
    'Export extra information of origin orders.',
    staff('foreignOrder:export'),
  ),
  printInvoice: post(
    '/order/origin/printInvoice',
    'Invoices of origin orders, for printing.',
    staff('foreignOrder:print'),
  ),
  uploadOrder: post(
    '/order/origin/uploadOrder',
    'Push origin orders to the destination system.',
    staff('foreignOrder:edit'),
  ),
  importExtraOrderOriginInfo: upload(
    '/order/origin/importExtraOrderOriginInfo',
    'Import extra origin-order information.',
    staff('foreignOrder:import'),
  ),
  checkedWeightImport: upload(
    '/order/origin/checkedWeightImport',
    'Import checked weights of origin orders.',
    staff('foreignOrder:import'),
  ),
};

/** Order analysis (the report centre's charts). */
export const analysis = {
  statistics: post('/order/analysis/statistics', 'Order statistics by period.', staff('analysis:view')),
  exportStatistics: post(
    '/order/analysis/exportStatistics',
    'Export order statistics.',
    staff('analysis:export'),
  ),
  exception: post('/order/analysis/exception', 'Exception statistics.', staff('analysis:view')),
  exportException: post(
    '/order/analysis/exportException',
    'Export exception statistics.',
    staff('analysis:export'),
  ),
  orderAnalysis: post(
    '/order/analysis/orderAnalysis',
    'Order analysis by channel and customer.',
    staff('analysis:view'),
  ),
  exportOrderAnalysis: post(
    '/order/analysis/exportOrderAnalysis',
    'Export the order analysis.',
    staff('analysis:export'),
  ),
  exceptionDetail: post(
    '/order/analysis/exceptionDetail',
    'Orders behind an exception figure.',
    staff('analysis:view'),
  ),
  exportExceptionDetail: post(
    '/order/analysis/exportExceptionDetail',
    'Export the orders behind an exception figure.',
    staff('analysis:export'),
  ),
};
