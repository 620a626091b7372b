/**
 * The kinds of record the audit log speaks of. Every administrative change the product makes is
 * recorded under one of them (server/audit/record.ts, called in the transaction of the change).
 * Here, not in the contract (contract/audit.ts re-exports it), so the audit screen's search rule,
 * which the route tree holds in the app's start-up, does not bring zod and the contract along.
 */
export const AUDIT_ENTITIES = [
  'account',
  'role',
  'menu',
  'customer',
  'customerProperties',
  'customerChannels',
  'customerOptions',
  'subAccountRights',
  'channel',
  'carrier',
  'trackingNode',
  'region',
  'customerRegion',
  'trackingNoPool',
  'volumeLimit',
  'sensitiveWord',
  'codModification',
  'orderFees',
  'order',
  'printer',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
