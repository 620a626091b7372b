import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type TableColumnsType, Tag } from 'antd';
import type { Page } from '../../../shared/contract/core.ts';
import type { Money as MoneyValue, OrderLine } from '../../../shared/contract/report-shapes.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { useMayOpenScreen } from '../../session/screen-access.ts';
import { Ltr } from '../../ui/bidi.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { useTime } from '../kit/use-time.ts';
import { Kg, Money } from './money.tsx';
import { useIsCustomer } from './report-search.ts';

/** An order's tab: the staff order detail, or the customer's own (as text for a role without it). */
export function OrderLink({ id, trackingNo }: { id: number; trackingNo: string }) {
  const to = useIsCustomer() ? '/admin/user/order/list/$id' : '/admin/order/list/$id';
  if (!useMayOpenScreen(to)) return <Ltr>{trackingNo}</Ltr>;
  return (
    <Link to={to} params={{ id: String(id) }} search={{ name: trackingNo }} dir="ltr">
      {trackingNo}
    </Link>
  );
}

const cell = (m: MoneyValue | null) => (m ? <Money amount={m.amount} currency={m.currency} /> : '—');

const STATUS_COLORS: Record<number, string> = {
  [OrderStatus.signed]: 'success',
  [OrderStatus.returned]: 'warning',
  [OrderStatus.lost]: 'error',
};

/**
 * The orders behind a report row or in a bill, a page at a time: their times, destination, weights,
 * each fee and the COD (`codTitle`: COD amount, or COD collected).
 */
export function OrderLinesTable({
  page,
  loading,
  codTitle,
  statementDate,
  onPage,
  testId,
}: {
  page: Page<OrderLine> | undefined;
  loading: boolean;
  codTitle: string;
  /** Show the statement date (bills) rather than the creation and arrival times. */
  statementDate?: boolean;
  onPage: (pageNo: number, pageSize: number) => void;
  testId: string;
}) {
  const { t } = useLingui();
  const time = useTime();
  const columns: TableColumnsType<OrderLine> = [
    {
      title: t`Tracking no`,
      dataIndex: 'trackingNo',
      fixed: 'start',
      render: (no: string, l) => <OrderLink id={l.orderId} trackingNo={no} />,
    },
    {
      title: t`Customer order no`,
      dataIndex: 'customerNo',
      render: (v: string) => <span dir="ltr">{v}</span>,
    },
    {
      title: t`Status`,
      dataIndex: 'statusName',
      render: (v: string, l) => <Tag color={STATUS_COLORS[l.status] ?? 'default'}>{v}</Tag>,
    },
    ...(statementDate
      ? [
          { title: t`Statement date`, dataIndex: 'statementDate', render: (v: string | null) => v ?? '—' },
          { title: t`Signed or returned`, dataIndex: 'finishedAt', render: (v: string | null) => time(v) },
        ]
      : [
          { title: t`Created`, dataIndex: 'createdAt', render: (v: string) => time(v) },
          { title: t`Arrived`, dataIndex: 'arrivedAt', render: (v: string | null) => time(v) },
        ]),
    { title: t`Destination`, dataIndex: 'countryName' },
    { title: t`Shipping channel`, dataIndex: 'channelName' },
    {
      title: t`Carrier tracking no`,
      dataIndex: 'carrierTrackingNo',
      render: (v: string | null, l) =>
        v ? (
          <span dir="ltr" title={l.carrierName ?? undefined}>
            {v}
          </span>
        ) : (
          '—'
        ),
    },
    { title: t`Pieces`, dataIndex: 'packageCount', align: 'end' },
    {
      title: t`Chargeable weight (kg)`,
      dataIndex: 'chargeableWeight',
      align: 'end',
      render: (v: string) => <Kg value={v} />,
    },
    { title: t`Freight`, dataIndex: 'freight', align: 'end', render: cell },
    { title: t`COD service fee`, dataIndex: 'codFee', align: 'end', render: cell },
    {
      title: t`Other fees`,
      dataIndex: 'otherFees',
      align: 'end',
      render: (fees: MoneyValue[]) =>
        fees.length ? fees.map((f) => <div key={f.currency}>{cell(f)}</div>) : '—',
    },
    { title: codTitle, dataIndex: 'cod', align: 'end', render: cell },
  ];
  return (
    <RowsTable<OrderLine>
      testId={testId}
      rowKey="orderId"
      size="middle"
      loading={loading}
      rows={page?.records}
      columns={columns}
      empty={t`No orders`}
      pages={{ page, onPage, showTotal: (n) => t`${n} orders` }}
    />
  );
}
