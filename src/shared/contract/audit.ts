import { z } from 'zod';
import { endpoint, isoTime, listRequest, optionalText, pageOf } from './core.ts';
import { exportStarted } from './export-task.ts';

/**
 * The kinds of record the audit log speaks of. Every administrative change the product makes is
 * recorded under one of them (server/audit/record.ts, called in the transaction of the change).
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

export const auditRecord = z.object({
  recId: z.number().int(),
  at: isoTime,
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  /** 1 staff, 2 main account, 3 sub-account, 4 PDA, 0 the system. */
  actorType: z.number().int(),
  ip: z.string(),
  sessionId: z.string().nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  recordId: z.string(),
  action: z.string(),
  /** The fields that changed, each with its value before (empty for a create)… */
  before: z.record(z.string(), z.unknown()),
  /** …and after (empty for a delete). */
  after: z.record(z.string(), z.unknown()),
});
export type AuditRecord = z.infer<typeof auditRecord>;

export const auditFilters = {
  /** Part of the username of who made the change. */
  actor: optionalText(64),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  /** The record's id, exactly. */
  recordId: optionalText(64),
  from: isoTime.optional(),
  to: isoTime.optional(),
};

export const auditList = listRequest(auditFilters).prefault({});

export const audit = {
  list: {
    ...endpoint({
      method: 'POST',
      path: '/auditLog/list',
      kind: 'json',
      summary:
        'Beyond the spec: the audit log, newest first, filtered by who, what kind of record, which record and a time range.',
      body: auditList,
      data: pageOf(auditRecord),
      access: { staff: 'audit:view' },
    }),
    beyondSpec: true as const,
  },
  export: {
    ...endpoint({
      method: 'POST',
      path: '/auditLog/export',
      kind: 'json',
      summary: 'Beyond the spec: export the audit entries the filters select, as an export task.',
      body: z.object(auditFilters).strict(),
      data: exportStarted,
      access: { staff: 'audit:export' },
    }),
    beyondSpec: true as const,
  },
};
