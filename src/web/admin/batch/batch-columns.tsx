import { useLingui } from '@lingui/react/macro';
import { Button, type TableColumnsType, Tag } from 'antd';
import type { BatchRecord } from '../../../shared/contract/batch.ts';
import { ltr } from '../../ui/bidi.tsx';
import { PickupTag } from '../lading/lading-columns.tsx';
import { useTime } from '../order/order-columns.tsx';
import { TypedLine } from '../shared/typed-line.tsx';

/** Yes or No as a tag (charged, mixed). */
export function YesNoTag({ value }: { value: boolean }) {
  const { t } = useLingui();
  return value ? <Tag color="orange">{t`Yes`}</Tag> : <Tag>{t`No`}</Tag>;
}

/** The batch list's columns (spec "Batch / air cargo" fields); the number opens the batch's detail. */
export function useBatchColumns(onOpen: (batch: BatchRecord) => void): TableColumnsType<BatchRecord> {
  const { t } = useLingui();
  const time = useTime();
  return [
    {
      title: t`Batch no`,
      dataIndex: 'batchNo',
      fixed: 'start',
      render: (no: string, b) => (
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => onOpen(b)} dir="ltr">
          {no}
        </Button>
      ),
    },
    { title: t`Airline bill no`, dataIndex: 'airlineBillNo', render: ltr },
    { title: t`Air cargo no`, dataIndex: 'airCargoNo', render: ltr },
    { title: t`Departure port`, dataIndex: 'departurePort', render: (v: string) => v || '—' },
    { title: t`Destination port`, dataIndex: 'destinationPort', render: (v: string) => v || '—' },
    { title: t`Departure time`, dataIndex: 'departureTime', render: time },
    { title: t`Arrival time`, dataIndex: 'arrivalTime', render: time },
    { title: t`Port carrier`, dataIndex: 'portCarrier', render: (v: string) => v || '—' },
    { title: t`First carrier`, dataIndex: 'firstCarrier', render: (v: string) => v || '—' },
    { title: t`Charged`, dataIndex: 'charged', render: (v: boolean) => <YesNoTag value={v} /> },
    { title: t`Mixed`, dataIndex: 'mixed', render: (v: boolean) => <YesNoTag value={v} /> },
    { title: t`Lading count`, dataIndex: 'ladingCount', align: 'end' },
    { title: t`Orders`, dataIndex: 'orderCount', align: 'end' },
    { title: t`Pieces`, dataIndex: 'pieceCount', align: 'end' },
    {
      title: t`Weight (kg)`,
      dataIndex: 'weight',
      align: 'end',
      render: (w: string) => <span dir="ltr">{w}</span>,
    },
    { title: t`Pickup status`, dataIndex: 'pickupStatus', render: (_: number, b) => <PickupTag bill={b} /> },
    { title: t`Pickup time`, dataIndex: 'pickedUpAt', render: time },
    { title: t`Created by`, dataIndex: 'createdBy', render: (c: string | null) => c ?? '—' },
    { title: t`Created`, dataIndex: 'createdAt', render: time },
    {
      title: t`Remark`,
      dataIndex: 'remark',
      render: (r: string) => <TypedLine text={r} maxInlineSize={200} />,
    },
  ];
}
