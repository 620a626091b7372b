import { useLingui } from '@lingui/react/macro';
import { Tag, Typography } from 'antd';
import type { PromptRecord } from '../../../shared/contract/prompt-record.ts';
import { InterceptState } from '../../../shared/domain/order-rules.ts';
import { PromptKind } from '../../../shared/domain/prompt-record.ts';
import type { KitColumn, KitColumns } from '../kit/columns.ts';
import { useFormat } from '../kit/use-format.ts';
import { TrackingLink } from '../shared/order-columns.tsx';

/** A carrier with its tracking no of the parcel beneath. */
export function CarrierCell({ name, no }: { name: string | null; no: string | null }) {
  return (
    <Typography.Text>
      {name ?? '—'}
      {no && (
        <Typography.Text type="secondary" dir="ltr" style={{ display: 'block' }}>
          {no}
        </Typography.Text>
      )}
    </Typography.Text>
  );
}

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
): KitColumns<PromptRecord> {
  const { t } = useLingui();
  const f = useFormat();
  const delivery = kind === PromptKind.delivery;
  const c = {
    trackingNo: {
      title: t`Tracking no`,
      dataIndex: 'trackingNo',
      fixed: 'start' as const,
      render: (no: string, r: PromptRecord) => <TrackingLink id={r.orderId} trackingNo={no} />,
    },
    customer: {
      title: t`Customer`,
      dataIndex: 'customerCode',
      render: (code: string, r: PromptRecord) => <span title={r.customerName}>{code}</span>,
    },
    customerNo: {
      title: t`Customer order no`,
      dataIndex: 'customerNo',
      render: (v: string) => <span dir="ltr">{v}</span>,
    },
    carrier: {
      title: t`Carrier`,
      dataIndex: 'carrierName',
      render: (name: string | null, r: PromptRecord) => <CarrierCell name={name} no={r.carrierTrackingNo} />,
    },
    destination: { title: t`Destination`, dataIndex: 'destination' },
    consignee: { title: t`Consignee`, dataIndex: 'consigneeName' },
    cod: {
      title: t`COD amount`,
      dataIndex: 'codAmount',
      sortKey: 'codAmount',
      align: 'end' as const,
      render: (_v: string, r: PromptRecord) => money(r),
    },
    time: {
      title: delivery ? t`Sign time` : t`Return time`,
      dataIndex: 'occurredAt',
      sortKey: 'occurredAt',
      render: f.dateTime,
    },
    note: delivery
      ? { title: t`Signed by`, dataIndex: 'signer', render: (v: string) => v || '—' }
      : { title: t`Return reason`, dataIndex: 'reason', render: (v: string) => v || '—' },
    remark: { title: t`Remarks`, dataIndex: 'remark', render: (v: string) => v || '—' },
    recalled: {
      title: t`Recall requested`,
      dataIndex: 'interceptState',
      render: (s: number, r: PromptRecord) =>
        s === InterceptState.succeeded ? <Tag color="purple">{r.interceptName}</Tag> : t`No`,
    },
    status: { title: t`Order status`, dataIndex: 'statusName' },
    file: {
      title: t`Import file`,
      dataIndex: 'fileName',
      render: (name: string, r: PromptRecord) =>
        opts.onImport ? (
          <Typography.Link onClick={() => opts.onImport?.(r.importId)}>{name}</Typography.Link>
        ) : (
          name
        ),
    },
    importedBy: { title: t`Imported by`, dataIndex: 'importedBy' },
    importedAt: { title: t`Imported at`, dataIndex: 'importedAt', sortKey: 'importedAt', render: f.dateTime },
  } satisfies Record<string, KitColumn<PromptRecord>>;
  // The recall list leads with why and when the order came back and whether the customer asked.
  return opts.recall
    ? [
        c.trackingNo,
        c.customer,
        c.customerNo,
        c.time,
        c.note,
        c.recalled,
        c.cod,
        c.consignee,
        c.destination,
        c.carrier,
        c.remark,
        c.status,
      ]
    : [
        c.trackingNo,
        c.customer,
        c.carrier,
        c.destination,
        c.consignee,
        c.cod,
        c.time,
        c.note,
        c.remark,
        c.status,
        c.file,
        c.importedBy,
        c.importedAt,
      ];
}
