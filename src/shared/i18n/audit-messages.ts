import type { AuditEntity } from '../contract/audit.ts';
import type { MessageDescriptor } from './messages.ts';

/** The audit log's words: its export, its columns, and the kinds of record it speaks of. */
export const auditMessages = {
  exportTitle: /*i18n*/ { id: 'audit.exportTitle', message: 'Audit log' },
  colAt: /*i18n*/ { id: 'audit.colAt', message: 'Time' },
  colActor: /*i18n*/ { id: 'audit.colActor', message: 'Who' },
  colAddress: /*i18n*/ { id: 'audit.colAddress', message: 'Address' },
  colSession: /*i18n*/ { id: 'audit.colSession', message: 'Session' },
  colEntity: /*i18n*/ { id: 'audit.colEntity', message: 'What' },
  colRecord: /*i18n*/ { id: 'audit.colRecord', message: 'Record' },
  colAction: /*i18n*/ { id: 'audit.colAction', message: 'Action' },
  colChanges: /*i18n*/ { id: 'audit.colChanges', message: 'Changes (before → after)' },
  system: /*i18n*/ { id: 'audit.system', message: 'System' },
} satisfies Record<string, MessageDescriptor>;

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, MessageDescriptor> = {
  account: /*i18n*/ { id: 'audit.entity.account', message: 'Account' },
  role: /*i18n*/ { id: 'audit.entity.role', message: 'Role' },
  menu: /*i18n*/ { id: 'audit.entity.menu', message: 'Menu or permission' },
  customer: /*i18n*/ { id: 'audit.entity.customer', message: 'Customer' },
  customerProperties: /*i18n*/ { id: 'audit.entity.customerProperties', message: 'Customer properties' },
  customerChannels: /*i18n*/ { id: 'audit.entity.customerChannels', message: 'Customer channels' },
  customerOptions: /*i18n*/ { id: 'audit.entity.customerOptions', message: 'Customer options' },
  subAccountRights: /*i18n*/ { id: 'audit.entity.subAccountRights', message: 'Sub-account rights' },
  channel: /*i18n*/ { id: 'audit.entity.channel', message: 'Channel and price rules' },
  carrier: /*i18n*/ { id: 'audit.entity.carrier', message: 'Carrier' },
  trackingNode: /*i18n*/ { id: 'audit.entity.trackingNode', message: 'Tracking node' },
  region: /*i18n*/ { id: 'audit.entity.region', message: 'Region' },
  customerRegion: /*i18n*/ { id: 'audit.entity.customerRegion', message: 'Customer region' },
  trackingNoPool: /*i18n*/ { id: 'audit.entity.trackingNoPool', message: 'Tracking-number pool' },
  volumeLimit: /*i18n*/ { id: 'audit.entity.volumeLimit', message: 'Volume limit' },
  sensitiveWord: /*i18n*/ { id: 'audit.entity.sensitiveWord', message: 'Sensitive word' },
  codModification: /*i18n*/ { id: 'audit.entity.codModification', message: 'COD modification' },
  orderFees: /*i18n*/ { id: 'audit.entity.orderFees', message: 'Order fees' },
  order: /*i18n*/ { id: 'audit.entity.order', message: 'Order' },
  printer: /*i18n*/ { id: 'audit.entity.printer', message: 'Label printer' },
};

export const AUDIT_ACTION_LABELS: Record<string, MessageDescriptor> = {
  create: /*i18n*/ { id: 'audit.action.create', message: 'Created' },
  update: /*i18n*/ { id: 'audit.action.update', message: 'Changed' },
  delete: /*i18n*/ { id: 'audit.action.delete', message: 'Deleted' },
  password: /*i18n*/ { id: 'audit.action.password', message: 'Password set' },
  enable: /*i18n*/ { id: 'audit.action.enable', message: 'Enabled' },
  disable: /*i18n*/ { id: 'audit.action.disable', message: 'Disabled' },
  import: /*i18n*/ { id: 'audit.action.import', message: 'Imported' },
  approve: /*i18n*/ { id: 'audit.action.approve', message: 'Approved' },
  reject: /*i18n*/ { id: 'audit.action.reject', message: 'Rejected' },
  recalculate: /*i18n*/ { id: 'audit.action.recalculate', message: 'Fees recalculated' },
  cancel: /*i18n*/ { id: 'audit.action.cancel', message: 'Cancelled' },
  intercept: /*i18n*/ { id: 'audit.action.intercept', message: 'Interception requested' },
  cancelIntercept: /*i18n*/ { id: 'audit.action.cancelIntercept', message: 'Interception withdrawn' },
  interceptResult: /*i18n*/ { id: 'audit.action.interceptResult', message: 'Interception result set' },
};
