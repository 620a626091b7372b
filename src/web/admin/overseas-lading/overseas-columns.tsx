import { useLingui } from '@lingui/react/macro';
import { Button, type TableColumnsType, Tag } from 'antd';
import type { OverseasItemRecord, OverseasRecord } from '../../../shared/contract/overseas-lading.ts';
import { ltr } from '../../ui/bidi.tsx';
import type { KitColumns } from '../kit/columns.ts';
import { TypedLine } from '../kit/typed-line.tsx';
import { useFormat } from '../kit/use-format.ts';
import { ConfirmTag, PickupTag } from '../package/package-columns.tsx';
import { OrderLink, StatusTag } from '../shared/order-columns.tsx';

/** The overseas lading list's columns; the bill no opens its detail. */
export function useOverseasColumns(open: (b: OverseasRecord) => void): KitColumns<OverseasRecord> {
  const { t } = useLingui();
  const f = useFormat();
  return [
    {
      title: t`Overseas lading no`,
      dataIndex: 'no',
      fixed: 'start',
      render: (no: string, b) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(b)} dir="ltr">
          {no}
        </Button>
      ),
    },
    { title: t`Shipping channel`, dataIndex: 'channelCode', render: ltr },
    { title: t`Carrier`, dataIndex: 'carrierCode', render: ltr },
    { title: t`Destination country`, dataIndex: 'countryName', render: (v: string | null) => v ?? '—' },
    { title: t`Orders`, dataIndex: 'orderCount', sortKey: 'orderCount', align: 'end', render: f.count },
    { title: t`Pieces`, dataIndex: 'pieceCount', sortKey: 'pieceCount', align: 'end', render: f.count },
    { title: t`Weight (kg)`, dataIndex: 'weight', sortKey: 'weight', align: 'end', render: f.weight },
    {
      title: t`Volume weight (kg)`,
      dataIndex: 'volumeWeight',
      sortKey: 'volumeWeight',
      align: 'end',
      render: f.weight,
    },
    { title: t`Confirm state`, dataIndex: 'confirmState', render: (s: number) => <ConfirmTag state={s} /> },
    {
      title: t`Pickup status`,
      dataIndex: 'pickupStatus',
      render: (s: number, b) => <PickupTag status={s} name={b.pickupStatusName} />,
    },
    { title: t`Pickup time`, dataIndex: 'pickedUpAt', sortKey: 'pickedUpAt', render: f.dateTime },
    { title: t`Pickup person`, dataIndex: 'pickedUpBy', render: (v: string | null) => v ?? '—' },
    {
      title: t`Remark`,
      dataIndex: 'remark',
      width: 180,
      render: (r: string | null) => <TypedLine text={r} maxInlineSize={180} />,
    },
    { title: t`Creator`, dataIndex: 'createdBy', render: (v: string | null) => v ?? '—' },
    { title: t`Created`, dataIndex: 'createdAt', sortKey: 'createdAt', render: f.dateTime },
  ];
}

/** The orders of one overseas lading bill, in scan order. */
export function useOverseasItemColumns(): TableColumnsType<OverseasItemRecord> {
  const { t } = useLingui();
  const f = useFormat();
  return [
    {
      title: t`Tracking no`,
      dataIndex: 'trackingNo',
      render: (no: string, i) => <OrderLink id={i.orderId} trackingNo={no} />,
    },
    { title: t`Customer order no`, dataIndex: 'customerNo', render: ltr },
    { title: t`Customer`, dataIndex: 'customerCode', render: ltr },
    { title: t`Consignee`, dataIndex: 'consigneeName' },
    { title: t`Consignee phone`, dataIndex: 'consigneePhone', render: ltr },
    { title: t`City`, dataIndex: 'city' },
    { title: t`Carrier tracking no`, dataIndex: 'carrierTrackingNo', render: ltr },
    {
      title: t`Status`,
      dataIndex: 'status',
      render: (s: number, i) => <StatusTag status={s} name={i.statusName} />,
    },
    {
      title: t`Exchanged`,
      dataIndex: 'exchangeStatus',
      render: (s: number) =>
        s === 1 ? <Tag color="success">{t`Exchanged`}</Tag> : <Tag>{t`Not exchanged`}</Tag>,
    },
    { title: t`Pieces`, dataIndex: 'pieceCount', align: 'end', render: f.count },
    { title: t`Weight (kg)`, dataIndex: 'weight', align: 'end', render: f.weight },
    {
      title: t`COD`,
      dataIndex: 'isCod',
      render: (cod: boolean, i) => (cod ? <span dir="ltr">{`${i.codAmount} ${i.codCurrency}`}</span> : '—'),
    },
    { title: t`Scanned`, dataIndex: 'scannedAt', render: f.dateTime },
    { title: t`Scanned by`, dataIndex: 'scannedBy', render: (v: string | null) => v ?? '—' },
  ];
}
