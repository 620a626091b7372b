import { useLingui } from '@lingui/react/macro';
import { Button, Tag, Tooltip } from 'antd';
import type { LadingRecord } from '../../../shared/contract/lading.ts';
import type { KitColumns } from '../kit/columns.ts';
import { named } from '../kit/text.ts';
import { TypedLine } from '../kit/typed-line.tsx';
import { useFormat } from '../kit/use-format.ts';
import { MAIL_COLORS, PICKUP_COLORS } from './labels.ts';

export function PickupTag({ bill }: { bill: Pick<LadingRecord, 'pickupStatus' | 'pickupStatusName'> }) {
  return <Tag color={PICKUP_COLORS[bill.pickupStatus] ?? 'default'}>{bill.pickupStatusName}</Tag>;
}

export function MailTag({
  bill,
}: {
  bill: Pick<LadingRecord, 'mailState' | 'mailStateName' | 'mailMessage'>;
}) {
  const tag = <Tag color={MAIL_COLORS[bill.mailState] ?? 'default'}>{bill.mailStateName}</Tag>;
  return bill.mailMessage ? <Tooltip title={bill.mailMessage}>{tag}</Tooltip> : tag;
}

/** The lading list's columns (spec "Lading bill" fields); the number opens the bill's detail. */
export function useLadingColumns(onOpen: (bill: LadingRecord) => void): KitColumns<LadingRecord> {
  const { t } = useLingui();
  const f = useFormat();
  const orNone = (c: string | null) => c ?? '—';
  return [
    {
      key: 'no',
      title: t`Lading bill no`,
      dataIndex: 'no',
      fixed: 'start',
      render: (no: string, b) => (
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => onOpen(b)} dir="ltr">
          {no}
        </Button>
      ),
    },
    {
      key: 'createdAt',
      title: t`Generation time`,
      dataIndex: 'createdAt',
      sortKey: 'createdAt',
      render: f.dateTime,
    },
    {
      key: 'channel',
      title: t`Shipping channel`,
      dataIndex: 'channelName',
      render: (name: string, b) => named(name, b.channelCode),
    },
    { key: 'carrier', title: t`Carrier`, dataIndex: 'carrierCode', render: orNone },
    { key: 'type', title: t`Type`, dataIndex: 'typeName' },
    { key: 'orderType', title: t`Order type`, dataIndex: 'orderTypeName' },
    { key: 'country', title: t`Destination country`, dataIndex: 'countryName', render: orNone },
    {
      key: 'confirmState',
      title: t`Confirm state`,
      dataIndex: 'confirmState',
      render: (c: number) => (c === 1 ? <Tag color="blue">{t`Confirmed`}</Tag> : <Tag>{t`Open`}</Tag>),
    },
    {
      key: 'pickupStatus',
      title: t`Pickup status`,
      dataIndex: 'pickupStatus',
      render: (_: number, b) => <PickupTag bill={b} />,
    },
    {
      key: 'itemCount',
      title: t`Parcels`,
      dataIndex: 'itemCount',
      align: 'end',
      sortKey: 'itemCount',
      render: f.count,
    },
    {
      key: 'orderCount',
      title: t`Orders`,
      dataIndex: 'orderCount',
      align: 'end',
      sortKey: 'orderCount',
      render: f.count,
    },
    {
      key: 'pieceCount',
      title: t`Pieces`,
      dataIndex: 'pieceCount',
      align: 'end',
      sortKey: 'pieceCount',
      render: f.count,
    },
    {
      key: 'weight',
      title: t`Weight (kg)`,
      dataIndex: 'weight',
      align: 'end',
      sortKey: 'weight',
      render: f.weight,
    },
    {
      key: 'volumeWeight',
      title: t`Volume weight (kg)`,
      dataIndex: 'volumeWeight',
      align: 'end',
      sortKey: 'volumeWeight',
      render: f.weight,
    },
    { key: 'signStatus', title: t`Sign status`, dataIndex: 'signStatusName' },
    { key: 'createdBy', title: t`Generator`, dataIndex: 'createdBy', render: orNone },
    {
      key: 'pickedUpAt',
      title: t`Pickup time`,
      dataIndex: 'pickedUpAt',
      sortKey: 'pickedUpAt',
      render: f.dateTime,
    },
    { key: 'pickedUpBy', title: t`Pickup person`, dataIndex: 'pickedUpBy', render: orNone },
    {
      key: 'mailState',
      title: t`Mail push result`,
      dataIndex: 'mailState',
      render: (_: number, b) => <MailTag bill={b} />,
    },
    {
      key: 'mailPushedAt',
      title: t`Mail push time`,
      dataIndex: 'mailPushedAt',
      sortKey: 'mailPushedAt',
      render: f.dateTime,
    },
    { key: 'batchNo', title: t`Batch no`, dataIndex: 'batchNo', render: orNone },
    {
      key: 'remark',
      title: t`Remark`,
      dataIndex: 'remark',
      render: (r: string) => <TypedLine text={r} maxInlineSize={200} />,
    },
  ];
}
