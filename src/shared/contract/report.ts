import { codCollecting } from './cod-collecting.ts';
import { download, get, post, staff, upload } from './core.ts';
import { logisticsBill } from './logistics-bill.ts';

/** The waybill report (src/shared/contract/waybill-report.ts). */
export { report } from './waybill-report.ts';

/**
 * Logistics statements (waybill bills and COD collected: logistics-bill.ts, cod-collecting.ts) and
 * prompt delivery/return records.
 */
export const statement = {
  ...logisticsBill,
  ...codCollecting,
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
