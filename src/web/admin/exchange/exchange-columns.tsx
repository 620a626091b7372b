import { useLingui } from '@lingui/react/macro';
import { Tag } from 'antd';
import type { ExchangeRecord } from '../../../shared/contract/exchange.ts';
import { ltr } from '../../ui/bidi.tsx';
import type { KitColumns } from '../kit/columns.ts';
import { useFormat } from '../kit/use-format.ts';
import { OrderLink } from '../shared/order-columns.tsx';

export function ExchangeTag({ record }: { record: Pick<ExchangeRecord, 'exchanged' | 'exchangedName'> }) {
  return <Tag color={record.exchanged === 1 ? 'success' : 'processing'}>{record.exchangedName}</Tag>;
}

/** The exchange records' columns: the order, the number it is relabelled with, and the exchange. */
export function useExchangeColumns(): KitColumns<ExchangeRecord> {
  const { t } = useLingui();
  const f = useFormat();
  return [
    {
      title: t`Tracking no`,
      dataIndex: 'trackingNo',
      fixed: 'start',
      render: (no: string, r) => <OrderLink id={r.orderId} trackingNo={no} />,
    },
    {
      title: t`Exchange status`,
      dataIndex: 'exchanged',
      render: (_: number, r) => <ExchangeTag record={r} />,
    },
    { title: t`Carrier`, dataIndex: 'carrierName', render: (c: string | null) => c ?? '—' },
    { title: t`Carrier tracking no`, dataIndex: 'carrierTrackingNo', render: ltr },
    { title: t`Customer`, dataIndex: 'customerCode' },
    { title: t`Shipping channel`, dataIndex: 'channelName' },
    { title: t`Consignee`, dataIndex: 'consigneeName' },
    { title: t`Destination country`, dataIndex: 'countryName' },
    { title: t`Status`, dataIndex: 'statusName' },
    { title: t`Package no`, dataIndex: 'packageNo', render: ltr },
    { title: t`Exchange time`, dataIndex: 'exchangedAt', sortKey: 'exchangedAt', render: f.dateTime },
    { title: t`Exchanged by`, dataIndex: 'exchangedBy', render: (c: string | null) => c ?? '—' },
    { title: t`Scans`, dataIndex: 'scanCount', sortKey: 'scanCount', align: 'end', render: f.count },
    { title: t`Arrived`, dataIndex: 'createdAt', sortKey: 'createdAt', render: f.dateTime },
  ];
}
