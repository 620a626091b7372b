import { analysis } from './analysis.ts';
import { apiKey } from './api-key.ts';
import { audit } from './audit.ts';
import { auth } from './auth.ts';
import { batch } from './batch.ts';
import { carrier } from './carrier.ts';
import { closedLoop } from './closed-loop.ts';
import { cod } from './cod.ts';
import { common } from './common.ts';
import type { EndpointDef } from './core.ts';
import { customer } from './customer.ts';
import { dashboard } from './dashboard.ts';
import { depot } from './depot.ts';
import { exchange } from './exchange.ts';
import { exportTask } from './export-task.ts';
import { fee } from './fee.ts';
import { image } from './image.ts';
import { job } from './job.ts';
import { lading } from './lading.ts';
import { order } from './order.ts';
import { originOrder } from './origin-order.ts';
import { overseasLading } from './overseas-lading.ts';
import { pkg } from './package.ts';
import { printer } from './printer.ts';
import { region } from './region.ts';
import { report } from './report.ts';
import { sensitiveWord } from './sensitive-word.ts';
import { shipping } from './shipping.ts';
import { statement } from './statement.ts';
import { system } from './system.ts';
import { tracking } from './tracking.ts';
import { trackingNo } from './tracking-no.ts';
import { volumeLimit } from './volume-limit.ts';
import { webhook } from './webhook.ts';

export * from './core.ts';

/** The one API contract: every call of the product, by domain. */
export const contract = {
  auth,
  system,
  common,
  customer,
  depot,
  image,
  sensitiveWord,
  region,
  tracking,
  carrier,
  shipping,
  trackingNo,
  volumeLimit,
  order,
  originOrder,
  analysis,
  exportTask,
  lading,
  batch,
  overseasLading,
  package: pkg,
  exchange,
  fee,
  report,
  statement,
  cod,
  closedLoop,
  audit,
  apiKey,
  job,
  printer,
  webhook,
  dashboard,
} as const;

export type Contract = typeof contract;
export type Domain = keyof Contract;

/** Every entry, flat, with its domain and name (for the server, the OpenAPI document and tests). */
export const endpoints: { domain: string; name: string; def: EndpointDef }[] = Object.entries(
  contract,
).flatMap(([domain, entries]) =>
  Object.entries(entries as Record<string, EndpointDef>).map(([name, def]) => ({ domain, name, def })),
);
