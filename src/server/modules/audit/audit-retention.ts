import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type JobDefinition, type JobLog, jobName } from '../../jobs/engine.ts';

/**
 * Drops the audit entries older than `days` days, through the one path the log's trigger lets
 * delete (audit_log_drop_before, migration of the audit log); answers how many went.
 */
export async function dropOldAuditEntries(db: Db, days: number): Promise<number> {
  const r = await db.execute<{ n: number }>(
    sql`SELECT audit_log_drop_before(now() - make_interval(days => ${days}::int))::int AS n`,
  );
  return r.rows[0]?.n ?? 0;
}

export const AUDIT_RETENTION = jobName<Record<string, never>>('audit-retention');

/** The retention as a daily job (03:30 in the business time zone), and once at start. */
export function auditRetentionJob(db: Db, days: number, log: JobLog): JobDefinition<Record<string, never>> {
  return {
    name: AUDIT_RETENTION,
    schedule: { cron: '30 3 * * *', missed: 'once' },
    atStart: true,
    policy: 'singleton',
    async run() {
      const n = await dropOldAuditEntries(db, days);
      if (n > 0) log.info({ dropped: n }, 'old audit entries dropped');
    },
  };
}
