import type { Implementation } from '../http/context.ts';
import { jobRoutes } from '../jobs/jobs.routes.ts';
import { analysisRoutes } from './analysis/analysis.routes.ts';
import { apiKeyRoutes } from './api-key/api-key.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { batchRoutes } from './batch/batch.routes.ts';
import { carrierRoutes } from './carrier/carrier.routes.ts';
import { closedLoopRoutes } from './closed-loop/closed-loop.routes.ts';
import { codRoutes } from './cod/cod.routes.ts';
import { customerRoutes } from './customer/customer.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { depotRoutes } from './depot/depot.routes.ts';
import { exchangeRoutes } from './exchange/exchange.routes.ts';
import { exportTaskRoutes } from './export-task/export-task.routes.ts';
import { feeRoutes } from './fee/fee.routes.ts';
import { imageRoutes } from './image/image.routes.ts';
import { ladingRoutes } from './lading/lading.routes.ts';
import { orderRoutes } from './order/order.routes.ts';
import { orderImportRoutes } from './order/order-import.routes.ts';
import { orderStaffRoutes } from './order/order-staff.routes.ts';
import { printRoutes } from './order/print/print.routes.ts';
import { originOrderRoutes } from './origin-order/origin-order.routes.ts';
import { overseasRoutes } from './overseas-lading/overseas.routes.ts';
import { packageRoutes } from './package/package.routes.ts';
import { printerRoutes } from './printer/printer.routes.ts';
import { promptRecordRoutes } from './prompt-record/prompt-record.routes.ts';
import { regionRoutes } from './region/region.routes.ts';
import { reportRoutes } from './report/report.routes.ts';
import { sensitiveWordRoutes } from './sensitive-word/sensitive-word.routes.ts';
import { shippingRoutes } from './shipping/shipping.routes.ts';
import { statementRoutes } from './statement/statement.routes.ts';
import { systemRoutes } from './system/system.routes.ts';
import { trackingRoutes } from './tracking/tracking.routes.ts';
import { trackingNoRoutes } from './tracking-no/tracking-no.routes.ts';
import { volumeLimitRoutes } from './volume-limit/volume-limit.routes.ts';
import { webhookRoutes } from './webhook/webhook.routes.ts';

/** The implementation of every contract entry (bindContract refuses to start without one). */
export const implementations: readonly Implementation[] = [
  ...authRoutes,
  ...apiKeyRoutes,
  ...webhookRoutes,
  ...systemRoutes,
  ...exportTaskRoutes,
  ...regionRoutes,
  ...sensitiveWordRoutes,
  ...imageRoutes,
  ...carrierRoutes,
  ...shippingRoutes,
  ...customerRoutes,
  ...trackingRoutes,
  ...depotRoutes,
  ...trackingNoRoutes,
  ...volumeLimitRoutes,
  ...orderRoutes,
  ...originOrderRoutes,
  ...printRoutes,
  ...orderImportRoutes,
  ...orderStaffRoutes,
  ...ladingRoutes,
  ...batchRoutes,
  ...overseasRoutes,
  ...packageRoutes,
  ...exchangeRoutes,
  ...codRoutes,
  ...feeRoutes,
  ...analysisRoutes,
  ...reportRoutes,
  ...statementRoutes,
  ...promptRecordRoutes,
  ...closedLoopRoutes,
  ...auditRoutes,
  ...jobRoutes,
  ...printerRoutes,
  ...dashboardRoutes,
];
