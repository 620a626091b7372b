import { useLingui } from '@lingui/react/macro';
import type { LadingItemRecord } from '../../../shared/contract/lading.ts';
import { RowsTable } from '../kit/rows-table.tsx';
import { useTime } from '../kit/use-time.ts';
import { OrderLink } from '../shared/order-columns.tsx';

/** The parcels of a lading bill (orders, each linked to its detail, or packages) in scan order. */
export function LadingItemsTable({ items }: { items: LadingItemRecord[] }) {
  const { t } = useLingui();
  const time = useTime();
  return (
    <RowsTable<LadingItemRecord>
      testId="lading-items"
      rowKey="recId"
      rows={items}
      localPageSize={50}
      empty={t`No parcels yet`}
      columns={[
        { title: '#', key: 'n', render: (_v, _r, i) => i + 1 },
        {
          title: t`Tracking no`,
          dataIndex: 'trackingNo',
          render: (no: string, r) =>
            r.orderId !== null ? <OrderLink id={r.orderId} trackingNo={no} /> : <span dir="ltr">{no}</span>,
        },
        {
          title: t`Carrier tracking no`,
          dataIndex: 'carrierTrackingNo',
          render: (c: string | null) => <span dir="ltr">{c ?? '—'}</span>,
        },
        { title: t`Customer`, dataIndex: 'customerCode', render: (c: string | null) => c ?? '—' },
        { title: t`Consignee`, dataIndex: 'consigneeName' },
        {
          title: t`Destination`,
          key: 'dest',
          render: (_v, r) => [r.countryName, r.city].filter(Boolean).join(' · '),
        },
        { title: t`Status`, dataIndex: 'statusName', render: (s: string | null) => s ?? '—' },
        { title: t`Orders`, dataIndex: 'orderCount', align: 'end' },
        { title: t`Pieces`, dataIndex: 'pieceCount', align: 'end' },
        {
          title: t`Weight (kg)`,
          dataIndex: 'weight',
          align: 'end',
          render: (w: string) => <span dir="ltr">{w}</span>,
        },
        { title: t`Scanned`, dataIndex: 'scannedAt', render: time },
        { title: t`Scanned by`, dataIndex: 'scannedBy', render: (c: string | null) => c ?? '—' },
      ]}
    />
  );
}
