import { useLingui } from '@lingui/react/macro';
import { Button, Tag } from 'antd';
import type { BatchRecord } from '../../../shared/contract/batch.ts';
import { ltr } from '../../ui/bidi.tsx';
import type { KitColumns } from '../kit/columns.ts';
import { TypedLine } from '../kit/typed-line.tsx';
import { useFormat } from '../kit/use-format.ts';
import { PickupTag } from '../lading/lading-columns.tsx';

/** Yes or No as a tag (charged, mixed). */
export function YesNoTag({ value }: { value: boolean }) {
  const { t } = useLingui();
  return value ? <Tag color="orange">{t`Yes`}</Tag> : <Tag>{t`No`}</Tag>;
}

/** The batch list's columns (spec "Batch / air cargo" fields); the number opens the batch's detail. */
export function useBatchColumns(onOpen: (batch: BatchRecord) => void): KitColumns<BatchRecord> {
  const { t } = useLingui();
  const f = useFormat();
  const text = (v: string) => v || '—';
  return [
    {
      key: 'batchNo',
      title: t`Batch no`,
      dataIndex: 'batchNo',
      fixed: 'start',
      render: (no: string, b) => (
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => onOpen(b)} dir="ltr">
          {no}
        </Button>
      ),
    },
    { key: 'airlineBillNo', title: t`Airline bill no`, dataIndex: 'airlineBillNo', render: ltr },
    { key: 'airCargoNo', title: t`Air cargo no`, dataIndex: 'airCargoNo', render: ltr },
    { key: 'departurePort', title: t`Departure port`, dataIndex: 'departurePort', render: text },
    { key: 'destinationPort', title: t`Destination port`, dataIndex: 'destinationPort', render: text },
    {
      key: 'departureTime',
      title: t`Departure time`,
      dataIndex: 'departureTime',
      sortKey: 'departureTime',
      render: f.dateTime,
    },
    {
      key: 'arrivalTime',
      title: t`Arrival time`,
      dataIndex: 'arrivalTime',
      sortKey: 'arrivalTime',
      render: f.dateTime,
    },
    { key: 'portCarrier', title: t`Port carrier`, dataIndex: 'portCarrier', render: text },
    { key: 'firstCarrier', title: t`First carrier`, dataIndex: 'firstCarrier', render: text },
    {
      key: 'charged',
      title: t`Charged`,
      dataIndex: 'charged',
      render: (v: boolean) => <YesNoTag value={v} />,
    },
    { key: 'mixed', title: t`Mixed`, dataIndex: 'mixed', render: (v: boolean) => <YesNoTag value={v} /> },
    {
      key: 'ladingCount',
      title: t`Lading count`,
      dataIndex: 'ladingCount',
      align: 'end',
      sortKey: 'ladingCount',
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
      key: 'pickupStatus',
      title: t`Pickup status`,
      dataIndex: 'pickupStatus',
      render: (_: number, b) => <PickupTag bill={b} />,
    },
    {
      key: 'pickedUpAt',
      title: t`Pickup time`,
      dataIndex: 'pickedUpAt',
      sortKey: 'pickedUpAt',
      render: f.dateTime,
    },
    {
      key: 'createdBy',
      title: t`Created by`,
      dataIndex: 'createdBy',
      render: (c: string | null) => c ?? '—',
    },
    { key: 'createdAt', title: t`Created`, dataIndex: 'createdAt', sortKey: 'createdAt', render: f.dateTime },
    {
      key: 'remark',
      title: t`Remark`,
      dataIndex: 'remark',
      render: (r: string) => <TypedLine text={r} maxInlineSize={200} />,
    },
  ];
}
