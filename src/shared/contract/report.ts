import { post, staffOrCustomer } from './core.ts';
import { promptRecordCalls } from './prompt-record.ts';

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
  // prompt delivery/return records: src/shared/contract/prompt-record.ts
  ...promptRecordCalls,
};

/** Closed-loop data: orders with their delivery and COD remittance (src/shared/contract/closed-loop.ts). */
export { closedLoop } from './closed-loop.ts';
/** COD amount modifications and their approval (src/shared/contract/cod.ts). */
export { cod } from './cod.ts';
