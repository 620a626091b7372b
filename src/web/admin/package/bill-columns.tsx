import { useLingui } from '@lingui/react/macro';
import { type TableColumnType, Tag } from 'antd';
import type { KitColumn } from '../kit/columns.ts';
import { TypedLine } from '../kit/typed-line.tsx';
import { useFormat } from '../kit/use-format.ts';
import { OrderLink, StatusTag } from '../shared/order-columns.tsx';
import { PICKUP_COLORS } from './labels.ts';

/**
 * The columns the held bills' lists (packages, overseas ladings) share, one group for each group
 * of fields their records share (bill-shapes.ts: billTotalFields, billStateFields, billMadeFields,
 * orderItemFields); each list places them among its own columns.
 */

export function PickupTag({ status, name }: { status: number; name: string }) {
  return <Tag color={PICKUP_COLORS[status] ?? 'default'}>{name}</Tag>;
}

export function ConfirmTag({ state }: { state: number }) {
  const { t } = useLingui();
  return state === 1 ? <Tag color="blue">{t`Confirmed`}</Tag> : <Tag>{t`Open`}</Tag>;
}

/** A held bill's list columns: its totals, its confirmation and pickup, and its remark and maker. */
export function useBillColumns<R extends { pickupStatusName: string }>() {
  const { t } = useLingui();
  const f = useFormat();
  const totals: KitColumn<R>[] = [
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
  ];
  const state: KitColumn<R>[] = [
    { title: t`Confirm state`, dataIndex: 'confirmState', render: (s: number) => <ConfirmTag state={s} /> },
    {
      title: t`Pickup status`,
      dataIndex: 'pickupStatus',
      render: (s: number, b) => <PickupTag status={s} name={b.pickupStatusName} />,
    },
  ];
  const pickup: KitColumn<R>[] = [
    { title: t`Pickup time`, dataIndex: 'pickedUpAt', sortKey: 'pickedUpAt', render: f.dateTime },
    { title: t`Pickup person`, dataIndex: 'pickedUpBy', render: (v: string | null) => v ?? '—' },
  ];
  const made: KitColumn<R>[] = [
    {
      title: t`Remark`,
      dataIndex: 'remark',
      width: 180,
      render: (r: string | null) => <TypedLine text={r} maxInlineSize={180} />,
    },
    { title: t`Creator`, dataIndex: 'createdBy', render: (v: string | null) => v ?? '—' },
    { title: t`Created`, dataIndex: 'createdAt', sortKey: 'createdAt', render: f.dateTime },
  ];
  return { totals, state, pickup, made };
}

/** A held bill's item columns: the order (its tracking no, its status) and its parcel and scan. */
export function useBillItemColumns<
  I extends { orderId: number; statusName: string; codAmount: string; codCurrency: string },
>() {
  const { t } = useLingui();
  const f = useFormat();
  const trackingNo: TableColumnType<I> = {
    title: t`Tracking no`,
    dataIndex: 'trackingNo',
    render: (no: string, i) => <OrderLink id={i.orderId} trackingNo={no} />,
  };
  const status: TableColumnType<I> = {
    title: t`Status`,
    dataIndex: 'status',
    render: (s: number, i) => <StatusTag status={s} name={i.statusName} />,
  };
  const parcel: TableColumnType<I>[] = [
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
  return { trackingNo, status, parcel };
}
