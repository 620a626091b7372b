import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What each queue of the server does, shown on System → Jobs. Every queue the server defines has
 * one (tests/unit/web/job-queue-labels.test.ts); a queue a newer server adds shows its name alone.
 */
export const QUEUE_LABELS: Record<string, MessageDescriptor> = {
  'cod-push': msg`Daily COD modification push`,
  'analysis-rollup': msg`Order analysis rollup`,
  'lading-mail': msg`Lading mail to carriers`,
  'lading-mail-catch-up': msg`Lading mails catch-up`,
  'citc-report': msg`CITC report of an order`,
  'citc-catch-up': msg`CITC reports catch-up`,
  'audit-retention': msg`Audit log retention`,
  'webhook-deliver': msg`Webhook deliveries`,
  'print-zpl': msg`Labels sent to printers`,
  export: msg`Exports`,
  'export-housekeeping': msg`Export recovery and clean-up`,
};
