import type { MessageDescriptor } from '../i18n/messages.ts';
import { orderMessages } from '../i18n/order-messages.ts';
import { orderStaffMessages as m } from '../i18n/order-staff-messages.ts';
import { ABNORMAL_KINDS, AbnormalKind } from './order-rules.ts';

/**
 * The customer-service view of abnormal orders: what kind of problem (order-rules.ts AbnormalKind:
 * no carrier number, intercepted, weight discrepancy, address not confirmed, sensitive goods, no
 * price), which department is responsible (spec 3: 0 none … 5 account manager) and whether it
 * was handled. Names are message descriptors, translated by the server and the screens alike.
 */

export const Department = {
  none: 0,
  finance: 1,
  customerService: 2,
  warehouse: 3,
  business: 4,
  accountManager: 5,
} as const;
export type Department = (typeof Department)[keyof typeof Department];
export const DEPARTMENTS: readonly Department[] = Object.values(Department);

export const DEPARTMENT_NAMES: Record<Department, MessageDescriptor> = {
  [Department.none]: m.department0,
  [Department.finance]: m.department1,
  [Department.customerService]: m.department2,
  [Department.warehouse]: m.department3,
  [Department.business]: m.department4,
  [Department.accountManager]: m.department5,
};

export { ABNORMAL_KINDS, AbnormalKind };

export const ABNORMAL_KIND_NAMES: Record<AbnormalKind, MessageDescriptor> = {
  [AbnormalKind.noCarrier]: orderMessages.abnormal1,
  [AbnormalKind.intercepted]: orderMessages.abnormal2,
  [AbnormalKind.weightDiscrepancy]: orderMessages.abnormal3,
  [AbnormalKind.addressUnconfirmed]: orderMessages.abnormal4,
  [AbnormalKind.sensitiveGoods]: orderMessages.abnormal5,
  [AbnormalKind.noPrice]: orderMessages.abnormal6,
};

/** Handling state of one abnormal mark (order_abnormals.state). */
export const AbnormalState = { pending: 0, handled: 1 } as const;
export type AbnormalState = (typeof AbnormalState)[keyof typeof AbnormalState];

export const ABNORMAL_STATE_NAMES: Record<AbnormalState, MessageDescriptor> = {
  [AbnormalState.pending]: m.handling0,
  [AbnormalState.handled]: m.handling1,
};

/** The name of a department (its number when unknown). */
export const departmentName = (d: number): MessageDescriptor | undefined => DEPARTMENT_NAMES[d as Department];
export const abnormalKindName = (k: number): MessageDescriptor | undefined =>
  ABNORMAL_KIND_NAMES[k as AbnormalKind];
