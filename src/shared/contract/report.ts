import { download, get, post, staff, staffOrCustomer, upload } from './core.ts';

/** Waybill reports; customers read their own. */
export const report = {
  list: post('/report/list', 'Waybill reports by period, paged.', staffOrCustomer('report:view')),
  listExport: post('/report/list/export', 'Export the waybill reports.', staffOrCustomer('report:export')),
  listDetailExport: post(
    '/report/list/detail/export',
    'Export the waybills of reports.',
    staffOrCustomer('report:export'),
  ),
  detail: post('/report/detail', 'The waybills of one report.', staffOrCustomer('report:view')),
  detailExport: post(
    '/report/detail/export',
    'Export the waybills of one report.',
    staffOrCustomer('report:export'),
  ),
};

/** Logistics statements, prompt delivery/return records and COD collected; customers read their own. */
export const statement = {
  trackingStatementDate: post(
    '/statement/trackingStatementDate',
    'Statements by period, paged.',
    staffOrCustomer('statement:view'),
  ),
  listExport: post('/statement/list/export', 'Export statements.', staffOrCustomer('statement:export')),
  listDetailExport: post(
    '/statement/list/detail/export',
    'Export the lines of statements.',
    staffOrCustomer('statement:export'),
  ),
  detail: post('/statement/detail', 'The lines of one statement.', staffOrCustomer('statement:view')),
  detailExport: post(
    '/statement/detail/export',
    'Export the lines of one statement.',
    staffOrCustomer('statement:export'),
  ),
  promptDeliveryList: post(
    '/statement/promptDeliveryList',
    'Delivery records, paged.',
    staff('promptRecord:view'),
  ),
  promptDeliveryExport: post(
    '/statement/promptDeliveryExport',
    'Export delivery records.',
    staff('promptRecord:export'),
  ),
  promptReturnList: post('/statement/promptReturnList', 'Return records, paged.', staff('promptRecord:view')),
  promptReturnExport: post(
    '/statement/promptReturnExport',
    'Export return records.',
    staff('promptRecord:export'),
  ),
  promptLogList: post(
    '/statement/promptLogList',
    'Delivery and return imports, paged.',
    staff('promptRecord:view'),
  ),
  collectingList: post(
    '/statement/collectingList',
    'COD collected by period, paged.',
    staffOrCustomer('collecting:view'),
  ),
  collectingDetail: post(
    '/statement/collectingDetail',
    'The orders of one COD collection.',
    staffOrCustomer('collecting:view'),
  ),
  collectingDetailExport: post(
    '/statement/collectingDetailExport',
    'Export the orders of a COD collection.',
    staffOrCustomer('collecting:export'),
  ),
  importPromptDelivery: upload(
    '/statement/importPromptDelivery',
    'Import delivery records.',
    staff('promptRecord:import'),
  ),
  importPromptReturn: upload(
    '/statement/importPromptReturn',
    'Import return records.',
    staff('promptRecord:import'),
  ),
  downloadDeliveryFile: download(
    '/statement/download/deliveryFile',
    'The delivery import template.',
    staff('promptRecord:import'),
  ),
  downloadReturnFile: download(
    '/statement/download/returnFile',
    'The return import template.',
    staff('promptRecord:import'),
  ),
};

/** COD amount modifications and their approval (src/shared/contract/cod.ts). */
export { cod } from './cod.ts';

/** Closed-loop data: orders matched against the overseas partner's records. */
export const closedLoop = {
  list: post('/order/closed/list', 'Closed-loop data, paged.', staff('closedLoop:view')),
  detailExport: post('/order/closed/detail/export', 'Export closed-loop data.', staff('closedLoop:export')),
  overseasImport: upload(
    '/order/closed/overseas/import',
    "Import the overseas partner's records.",
    staff('closedLoop:import'),
  ),
  overseasTemplate: get(
    '/order/closed/overseas/template',
    'The closed-loop import template.',
    staff('closedLoop:import'),
    {
      kind: 'blob',
    },
  ),
};
