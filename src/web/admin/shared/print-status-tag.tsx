import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Tag } from 'antd';
import { type PrintJobRecord, type PrintKind, PrintStatus } from '../../../shared/contract/printer.ts';

/** The names of a print's statuses, for the filters. */
export const PRINT_STATUS_LABELS: Record<number, MessageDescriptor> = {
  [PrintStatus.queued]: msg`Queued`,
  [PrintStatus.sent]: msg`Sent to the printer`,
  [PrintStatus.failed]: msg`Failed`,
};

/** What a print holds. */
export const PRINT_KIND_LABELS: Record<PrintKind, MessageDescriptor> = {
  orderLabel: msg`Order labels`,
  ladingLabel: msg`Lading bill labels`,
  packageLabel: msg`Package labels`,
  batchLabel: msg`Batch labels`,
};

/** A print's status as a tag: a queued print that a printer refused is waiting for it. */
export function PrintStatusTag({ print }: { print: Pick<PrintJobRecord, 'status' | 'attempts'> }) {
  const { t } = useLingui();
  if (print.status === PrintStatus.sent) return <Tag color="success">{t`Sent to the printer`}</Tag>;
  if (print.status === PrintStatus.failed) return <Tag color="error">{t`Failed`}</Tag>;
  return <Tag color="processing">{print.attempts > 0 ? t`Waiting for the printer` : t`Queued`}</Tag>;
}
