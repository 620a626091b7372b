import { analysisMessages } from './analysis-messages.ts';
import { apiKeyMessages } from './api-key-messages.ts';
import { auditMessages } from './audit-messages.ts';
import { carrierMessages } from './carrier-messages.ts';
import { closedLoopMessages } from './closed-loop-messages.ts';
import { codMessages } from './cod-messages.ts';
import { customerMessages } from './customer-messages.ts';
import { feeMessages } from './fee-messages.ts';
import { fileMessages } from './file-messages.ts';
import { imageMessages } from './image-messages.ts';
import { jobMessages } from './job-messages.ts';
import { ladingMessages } from './lading-messages.ts';
import { manifestMessages } from './manifest-messages.ts';
import { type MessageDescriptor, messages } from './messages.ts';
import { orderImportMessages } from './order-import-messages.ts';
import { orderMessages } from './order-messages.ts';
import { orderStaffMessages } from './order-staff-messages.ts';
import { originOrderMessages } from './origin-order-messages.ts';
import { printMessages } from './print-messages.ts';
import { promptRecordMessages } from './prompt-record-messages.ts';
import { regionMessages } from './region-messages.ts';
import { reportMessages } from './report-messages.ts';
import { sensitiveWordMessages } from './sensitive-word-messages.ts';
import { shippingMessages } from './shipping-messages.ts';
import { billMessages } from './statement-messages.ts';
import { webhookMessages } from './webhook-messages.ts';

/**
 * Every server message by id, so a zod schema (or an import row rule) can name one of ours as its
 * custom message (`z.string().min(1, orderMessages.x.id)`) and the caller reads it translated. A new
 * message module is added here once; the error handler and the import engine both look ids up here.
 */
const modules: readonly Record<string, unknown>[] = [
  messages,
  fileMessages,
  analysisMessages,
  auditMessages,
  carrierMessages,
  closedLoopMessages,
  codMessages,
  customerMessages,
  feeMessages,
  imageMessages,
  ladingMessages,
  manifestMessages,
  orderMessages,
  orderImportMessages,
  orderStaffMessages,
  originOrderMessages,
  printMessages,
  promptRecordMessages,
  regionMessages,
  sensitiveWordMessages,
  shippingMessages,
  reportMessages,
  billMessages,
  apiKeyMessages,
  jobMessages,
  webhookMessages,
];

const isDescriptor = (v: unknown): v is MessageDescriptor =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as MessageDescriptor).id === 'string' &&
  typeof (v as MessageDescriptor).message === 'string';

const registry = new Map<string, MessageDescriptor>();
for (const mod of modules) for (const v of Object.values(mod)) if (isDescriptor(v)) registry.set(v.id, v);

/** The descriptor whose id is `id`, if it is one of ours. */
export function messageById(id: string): MessageDescriptor | undefined {
  return registry.get(id);
}
