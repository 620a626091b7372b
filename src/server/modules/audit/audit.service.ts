import { and, count, desc, eq, gt, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditRecord, audit as contract } from '../../../shared/contract/audit.ts';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  auditMessages as m,
} from '../../../shared/i18n/audit-messages.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { type ExportSpec, keysetPages } from '../../files/export.ts';
import type { Translate } from '../../i18n.ts';

type ListQuery = z.output<NonNullable<typeof contract.list.body>>;
type Filters = z.output<NonNullable<typeof contract.export.body>>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

function conditionOf(f: Filters): SQL | undefined {
  const where: SQL[] = [];
  if (f.actor) where.push(ilike(auditLog.actorName, `%${escapeLike(f.actor.toLowerCase())}%`));
  if (f.entity) where.push(eq(auditLog.entity, f.entity));
  if (f.recordId) where.push(eq(auditLog.recordId, f.recordId));
  if (f.from) where.push(gte(auditLog.at, new Date(f.from)));
  if (f.to) where.push(lt(auditLog.at, new Date(f.to)));
  return and(...where);
}

function toRecord(r: typeof auditLog.$inferSelect): AuditRecord {
  return {
    recId: r.id,
    at: r.at.toISOString(),
    actorId: r.actorId,
    actorName: r.actorName,
    actorType: r.actorType,
    ip: r.ip,
    sessionId: r.sessionId,
    entity: r.entity as AuditRecord['entity'],
    recordId: r.recordId,
    action: r.action,
    before: r.before,
    after: r.after,
  };
}

/** The audit log, newest first. */
export async function listAudit(db: Db, q: ListQuery) {
  const cond = conditionOf(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(cond)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(auditLog).where(cond),
  ]);
  return { records: rows.map(toRecord), total: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
}

const show = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);

/** One line per field: `field: before → after`. */
export function changeLines(r: Pick<AuditRecord, 'before' | 'after'>): string {
  const keys = [...new Set([...Object.keys(r.before), ...Object.keys(r.after)])];
  return keys.map((k) => `${k}: ${show(r.before[k])} → ${show(r.after[k])}`).join('\n');
}

/** The entries the filters select, oldest first, as an export task's rows. */
export function auditExport(filters: Filters, t: Translate): ExportSpec<AuditRecord> {
  const cond = conditionOf(filters);
  return {
    kind: 'auditLog',
    title: m.exportTitle,
    filters,
    columns: [
      { header: m.colAt, value: (r) => new Date(r.at), width: 20 },
      { header: m.colActor, value: (r) => (r.actorType === 0 ? t(m.system) : r.actorName), width: 16 },
      { header: m.colAddress, value: (r) => r.ip, width: 16 },
      { header: m.colSession, value: (r) => r.sessionId ?? '', width: 38 },
      { header: m.colEntity, value: (r) => t(AUDIT_ENTITY_LABELS[r.entity]), width: 20 },
      { header: m.colRecord, value: (r) => r.recordId, width: 12 },
      {
        header: m.colAction,
        value: (r) => {
          const label = AUDIT_ACTION_LABELS[r.action];
          return label ? t(label) : r.action;
        },
        width: 16,
      },
      { header: m.colChanges, value: changeLines, width: 80 },
    ],
    count: async (db) => {
      const [n] = await db.select({ n: count() }).from(auditLog).where(cond);
      return n?.n ?? 0;
    },
    rows: (db) =>
      keysetPages(
        async (after, limit) =>
          (
            await db
              .select()
              .from(auditLog)
              .where(and(cond, after === null ? undefined : gt(auditLog.id, after)))
              .orderBy(auditLog.id)
              .limit(limit)
          ).map(toRecord),
        (r) => r.recId,
      ),
  };
}
