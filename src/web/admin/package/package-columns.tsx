import { useLingui } from '@lingui/react/macro';
import { Button, type TableColumnsType, Tag, Typography } from 'antd';
import type { PackageItemRecord, PackageRecord } from '../../../shared/contract/package.ts';
import type { KitColumns } from '../kit/columns.ts';
import { named } from '../kit/text.ts';
import { TypedLine } from '../kit/typed-line.tsx';
import { useFormat } from '../kit/use-format.ts';
import { OrderLink, StatusTag } from '../shared/order-columns.tsx';
import { PICKUP_COLORS } from './labels.ts';

export function PickupTag({ status, name }: { status: number; name: string }) {
  return <Tag color={PICKUP_COLORS[status] ?? 'default'}>{name}</Tag>;
}

export function ConfirmTag({ state }: { state: number }) {
  const { t } = useLingui();
  return state === 1 ? <Tag color="blue">{t`Confirmed`}</Tag> : <Tag>{t`Open`}</Tag>;
}

/** The package list's columns; the package no opens its detail. */
export function usePackageColumns(open: (p: PackageRecord) => void): KitColumns<PackageRecord> {
  const { t } = useLingui();
  const f = useFormat();
  return [
    {
      title: t`Package no`,
      dataIndex: 'no',
      fixed: 'start',
      render: (no: string, p) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(p)} dir="ltr">
          {no}
        </Button>
      ),
    },
    {
      title: t`Customer`,
      dataIndex: 'customerName',
      render: (_: unknown, p) => named(p.customerName, p.customerCode),
    },
    {
      title: t`Consignee`,
      dataIndex: 'consigneeName',
      render: (name: string, p) => (
        <>
          <div>{name || '—'}</div>
          <Typography.Text type="secondary" dir="ltr">
            {p.consigneePhone}
          </Typography.Text>
        </>
      ),
    },
    { title: t`Destination country`, dataIndex: 'countryName', render: (v: string | null) => v ?? '—' },
    { title: t`Shipping channel`, dataIndex: 'channelCode', render: (v: string | null) => v ?? '—' },
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
    {
      title: t`Confirm state`,
      dataIndex: 'confirmState',
      render: (s: number) => <ConfirmTag state={s} />,
    },
    {
      title: t`Pickup status`,
      dataIndex: 'pickupStatus',
      render: (s: number, p) => <PickupTag status={s} name={p.pickupStatusName} />,
    },
    {
      title: t`Lading bill`,
      dataIndex: 'ladingNo',
      render: (v: string | null) => (v ? <span dir="ltr">{v}</span> : '—'),
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

/** The orders of one package. */
export function usePackageItemColumns(): TableColumnsType<PackageItemRecord> {
  const { t } = useLingui();
  const f = useFormat();
  return [
    {
      title: t`Tracking no`,
      dataIndex: 'trackingNo',
      render: (no: string, i) => <OrderLink id={i.orderId} trackingNo={no} />,
    },
    {
      title: t`Customer order no`,
      dataIndex: 'customerNo',
      render: (v: string) => <span dir="ltr">{v}</span>,
    },
    {
      title: t`Carrier tracking no`,
      dataIndex: 'carrierTrackingNo',
      render: (v: string | null) => (v ? <span dir="ltr">{v}</span> : '—'),
    },
    {
      title: t`Status`,
      dataIndex: 'status',
      render: (s: number, i) => <StatusTag status={s} name={i.statusName} />,
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
