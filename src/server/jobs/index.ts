import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { ReplicaRouter } from '../db/replica.ts';
import { rollupJob } from '../modules/analysis/analysis-rollup.ts';
import { auditRetentionJob } from '../modules/audit/audit-retention.ts';
import { codPushJob } from '../modules/cod/cod-push.ts';
import { exportHousekeepingJob, exportJob } from '../modules/export-task/export-job.ts';
import { ladingMailCatchUpJob, ladingMailJob } from '../modules/lading/lading-mail.ts';
import { citcCatchUpJob, citcReportJob } from '../modules/origin-order/citc-report.ts';
import { webhookDeliverJob } from '../modules/webhook/webhook-deliver.ts';
import { printZplJob } from '../printing/print-job.ts';
import type { JobEngine, JobLog } from './engine.ts';

/**
 * Every job of the server, defined on the engine before it starts. A feature adds its own here
 * (its JobDefinition lives with the feature).
 */
export function defineJobs(
  jobs: JobEngine,
  db: Db,
  config: Config,
  log: JobLog,
  replica?: ReplicaRouter,
): void {
  jobs.define(codPushJob(db, config, log));
  jobs.define(rollupJob(db, config.businessTimeZone, log));
  jobs.define(ladingMailJob(db, config));
  jobs.define(ladingMailCatchUpJob(db, config, jobs));
  jobs.define(citcReportJob(db, config));
  jobs.define(citcCatchUpJob(db, config, jobs));
  jobs.define(auditRetentionJob(db, config.auditRetentionDays, log));
  jobs.define(webhookDeliverJob(db, config, jobs, log));
  jobs.define(printZplJob(db, log));
  jobs.define(exportJob(db, config, jobs, log, replica));
  jobs.define(exportHousekeepingJob(db, config, jobs, log));
}
