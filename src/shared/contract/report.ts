/** The waybill report (src/shared/contract/waybill-report.ts). */

/** Closed-loop data: orders with their delivery and COD remittance (src/shared/contract/closed-loop.ts). */
export { closedLoop } from './closed-loop.ts';
/** COD amount modifications and their approval (src/shared/contract/cod.ts). */
export { cod } from './cod.ts';
/** Statements: the logistics bills, the COD collected, the prompt records (statement.ts). */
export { statement } from './statement.ts';
export { report } from './waybill-report.ts';
