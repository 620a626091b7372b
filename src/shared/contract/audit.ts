import { z } from 'zod';
import { AUDIT_ENTITIES } from '../domain/audit-entities.ts';
import { endpoint, isoTime, listRequest, optionalText, pageOf } from './core.ts';
import { exportStarted } from './export-task.ts';

export { AUDIT_ENTITIES, type AuditEntity } from '../domain/audit-entities.ts';

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
  /** From this moment on… */
  from: isoTime.optional(),
  /** …until this one, exclusive (a day range's end is the first moment of the next day). */
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
