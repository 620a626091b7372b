import { codCollecting } from './cod-collecting.ts';
import { logisticsBill } from './logistics-bill.ts';
import { promptRecordCalls } from './prompt-record.ts';

/** The waybill report (src/shared/contract/waybill-report.ts). */
export { report } from './waybill-report.ts';

/**
 * Logistics statements (waybill bills and COD collected: logistics-bill.ts, cod-collecting.ts) and
 * prompt delivery/return records.
 */
export const statement = {
  ...logisticsBill,
  ...codCollecting,
  // prompt delivery/return records: src/shared/contract/prompt-record.ts
  ...promptRecordCalls,
};

/** Closed-loop data: orders with their delivery and COD remittance (src/shared/contract/closed-loop.ts). */
export { closedLoop } from './closed-loop.ts';
/** COD amount modifications and their approval (src/shared/contract/cod.ts). */
export { cod } from './cod.ts';
