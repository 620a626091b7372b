import { useLingui } from '@lingui/react/macro';
import type { TableColumnsType } from 'antd';
import { Tag, Typography } from 'antd';
import type { PromptRecord } from '../../../shared/contract/prompt-record.ts';
import { InterceptState } from '../../../shared/domain/order-rules.ts';
import { PromptKind } from '../../../shared/domain/prompt-record.ts';
import { TrackingLink, useTime } from '../foreign-order/origin-columns.tsx';

const money = (r: PromptRecord) =>
  r.isCod ? <span dir="ltr">{`${r.codAmount} ${r.codCurrency}`}</span> : '—';

/**
 * The columns of the confirmation lists. The delivery and return lists of report/promptRecord show
 * the carrier's record and the file it came in (`onImport` filters the list to that file); the
 * recall list (`recall`) shows the returned order: who it belonged to, its COD that will not be
 * collected, and whether the customer asked it back.
 */
export function usePromptColumns(
  kind: PromptKind,
  opts: { recall?: boolean; onImport?: (importId: number) => void } = {},
): TableColumnsType<PromptRecord> {
  const { t } = useLingui();
  const time = useTime();
  const delivery = kind === PromptKind.delivery;
  const columns: TableColumnsType<PromptRecord> = [
    {
      title: t`Tracking no`,
      dataIndex: 'trackingNo',
      fixed: 'start',
      render: (no: string, r) => <TrackingLink id={r.orderId} trackingNo={no} />,
    },
    {
      title: t`Customer`,
      dataIndex: 'customerCode',
      render: (code: string, r) => <span title={r.customerName}>{code}</span>,
    },
    {
      title: t`Carrier`,
      dataIndex: 'carrierName',
      render: (name: string | null, r) => (
        <Typography.Text>
          {name ?? '—'}
          {r.carrierTrackingNo && (
            <Typography.Text type="secondary" dir="ltr" style={{ display: 'block' }}>
              {r.carrierTrackingNo}
            </Typography.Text>
          )}
        </Typography.Text>
      ),
    },
    { title: t`Destination`, dataIndex: 'destination' },
    { title: t`Consignee`, dataIndex: 'consigneeName' },
    { title: t`COD amount`, dataIndex: 'codAmount', align: 'end', render: (_v, r) => money(r) },
    {
      title: delivery ? t`Sign time` : t`Return time`,
      dataIndex: 'occurredAt',
      render: (v: string) => time(v),
    },
    delivery
      ? { title: t`Signed by`, dataIndex: 'signer', render: (v: string) => v || '—' }
      : { title: t`Return reason`, dataIndex: 'reason', render: (v: string) => v || '—' },
    { title: t`Remarks`, dataIndex: 'remark', render: (v: string) => v || '—' },
  ];
  if (opts.recall)
    return [
      ...columns.slice(0, 2),
      {
        title: t`Customer order no`,
        dataIndex: 'customerNo',
        render: (v: string) => <span dir="ltr">{v}</span>,
      },
      ...columns.slice(2),
      {
        title: t`Recall requested`,
        dataIndex: 'interceptState',
        render: (s: number, r) =>
          s === InterceptState.succeeded ? <Tag color="purple">{r.interceptName}</Tag> : t`No`,
      },
      { title: t`Order status`, dataIndex: 'statusName' },
    ];
  return [
    ...columns,
    { title: t`Order status`, dataIndex: 'statusName' },
    {
      title: t`Import file`,
      dataIndex: 'fileName',
      render: (name: string, r) =>
        opts.onImport ? (
          <Typography.Link onClick={() => opts.onImport?.(r.importId)}>{name}</Typography.Link>
        ) : (
          name
        ),
    },
    { title: t`Imported by`, dataIndex: 'importedBy' },
    { title: t`Imported at`, dataIndex: 'importedAt', render: (v: string) => time(v) },
  ];
}
