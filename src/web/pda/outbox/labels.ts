import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ActionKind, BillType } from './actions.ts';

/** What each queued action is called on the outbox screen. */
export const ACTION_LABELS: Record<ActionKind, MessageDescriptor> = {
  'lading.scan': msg`Scan into lading bill`,
  'lading.confirm': msg`Confirm lading bill`,
  'lading.pickup': msg`Confirm pickup of lading bill`,
  'lading.cancel': msg`Cancel pickup of lading bill`,
  'batch.scan': msg`Scan lading bill into batch`,
  'batch.pickup': msg`Confirm pickup of batch`,
  'batch.cancel': msg`Cancel pickup of batch`,
  'overseas.scan': msg`Scan into overseas lading`,
  'overseas.confirm': msg`Confirm overseas lading`,
  'overseas.pickup': msg`Confirm pickup of overseas lading`,
  'overseas.cancel': msg`Cancel pickup of overseas lading`,
  'package.scan': msg`Scan into package`,
  'package.confirm': msg`Confirm package`,
  'package.pickup': msg`Confirm pickup of package`,
  'package.cancel': msg`Cancel pickup of package`,
  'exchange.scan': msg`Exchange scan`,
  'exchange.scanCombined': msg`Exchange scan of a package`,
};

/** The bill types in a segmented control, where space is short. */
export const BILL_TYPE_SHORT_LABELS: Record<BillType, MessageDescriptor> = {
  lading: msg`Lading`,
  batch: msg`Batch`,
  overseas: msg`Overseas`,
  package: msg`Package`,
};
