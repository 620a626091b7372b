import { useLingui } from '@lingui/react/macro';
import { Button, type TableColumnsType, Tag, Tooltip } from 'antd';
import type { LadingRecord } from '../../../shared/contract/lading.ts';
import { ltr } from '../../ui/bidi.tsx';
import { useTime } from '../order/order-columns.tsx';
import { named } from '../shared/text.ts';
import { TypedLine } from '../shared/typed-line.tsx';
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
export function useLadingColumns(onOpen: (bill: LadingRecord) => void): TableColumnsType<LadingRecord> {
  const { t } = useLingui();
  const time = useTime();
  return [
    {
      title: t`Lading bill no`,
      dataIndex: 'no',
      fixed: 'start',
      render: (no: string, b) => (
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => onOpen(b)} dir="ltr">
          {no}
        </Button>
      ),
    },
    { title: t`Generation time`, dataIndex: 'createdAt', render: time },
    {
      title: t`Shipping channel`,
      dataIndex: 'channelName',
      render: (name: string, b) => named(name, b.channelCode),
    },
    { title: t`Carrier`, dataIndex: 'carrierCode', render: (c: string | null) => c ?? '—' },
    { title: t`Type`, dataIndex: 'typeName' },
    { title: t`Order type`, dataIndex: 'orderTypeName' },
    { title: t`Destination country`, dataIndex: 'countryName', render: (c: string | null) => c ?? '—' },
    {
      title: t`Confirm state`,
      dataIndex: 'confirmState',
      render: (c: number) => (c === 1 ? <Tag color="blue">{t`Confirmed`}</Tag> : <Tag>{t`Open`}</Tag>),
    },
    { title: t`Pickup status`, dataIndex: 'pickupStatus', render: (_: number, b) => <PickupTag bill={b} /> },
    { title: t`Parcels`, dataIndex: 'itemCount', align: 'end' },
    { title: t`Orders`, dataIndex: 'orderCount', align: 'end' },
    { title: t`Pieces`, dataIndex: 'pieceCount', align: 'end' },
    { title: t`Weight (kg)`, dataIndex: 'weight', align: 'end', render: ltr },
    { title: t`Volume weight (kg)`, dataIndex: 'volumeWeight', align: 'end', render: ltr },
    { title: t`Sign status`, dataIndex: 'signStatusName' },
    { title: t`Generator`, dataIndex: 'createdBy', render: (c: string | null) => c ?? '—' },
    { title: t`Pickup time`, dataIndex: 'pickedUpAt', render: time },
    { title: t`Pickup person`, dataIndex: 'pickedUpBy', render: (c: string | null) => c ?? '—' },
    { title: t`Mail push result`, dataIndex: 'mailState', render: (_: number, b) => <MailTag bill={b} /> },
    { title: t`Mail push time`, dataIndex: 'mailPushedAt', render: time },
    { title: t`Batch no`, dataIndex: 'batchNo', render: (c: string | null) => c ?? '—' },
    {
      title: t`Remark`,
      dataIndex: 'remark',
      render: (r: string) => <TypedLine text={r} maxInlineSize={200} />,
    },
  ];
}
