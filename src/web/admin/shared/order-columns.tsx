import { WarningOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Space, Tag, Typography } from 'antd';
import type { OrderRecord } from '../../../shared/contract/order.ts';
import { abnormalKindName } from '../../../shared/domain/order-abnormal.ts';
import { useMayOpenScreen } from '../../session/screen-access.ts';
import { Ltr, typed } from '../../ui/bidi.tsx';
import type { KitColumns } from '../kit/columns.ts';
import { useTime } from '../kit/use-time.ts';
import { CHECK_LABELS, INTERCEPT_COLORS, STATUS_COLORS } from './order-labels.ts';

/** The staff order detail's route, which every list of orders links to. */
export const ORDER_DETAIL_PATH = '/admin/order/list/$id';

/**
 * An order's tracking no as a link to its tab, or as text for a role without the order list (the
 * regular order an origin order became, a prompt record's or a COD change's order).
 */
export function TrackingLink({ id, trackingNo }: { id: number; trackingNo: string }) {
  if (!useMayOpenScreen(ORDER_DETAIL_PATH)) return <Ltr>{trackingNo}</Ltr>;
  return (
    <Link to={ORDER_DETAIL_PATH} params={{ id: String(id) }} search={{ name: trackingNo }} dir="ltr">
      {trackingNo}
    </Link>
  );
}

/** The tracking no as a link to the order's tab (named by the tracking no). */
export function OrderLink({ id, trackingNo }: { id: number; trackingNo: string }) {
  return (
    <Link to={ORDER_DETAIL_PATH} params={{ id: String(id) }} search={{ name: trackingNo }} dir="ltr">
      {trackingNo}
    </Link>
  );
}

export function StatusTag({ status, name }: { status: number; name: string }) {
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{name}</Tag>;
}

export function InterceptTag({ state, name }: { state: number; name: string }) {
  return state === 0 ? null : <Tag color={INTERCEPT_COLORS[state] ?? 'default'}>{name}</Tag>;
}

export function AbnormalTags({ kinds }: { kinds: readonly number[] }) {
  const { i18n } = useLingui();
  if (!kinds.length) return null;
  return (
    <Space size={[0, 4]} wrap>
      {kinds.map((k) => {
        const d = abnormalKindName(k);
        return (
          <Tag key={k} color="volcano" icon={<WarningOutlined />}>
            {d ? i18n._(d) : k}
          </Tag>
        );
      })}
    </Space>
  );
}

/** An order list's consignee: the name as typed, the phone left to right under it. */
export function ConsigneeCell({ order }: { order: Pick<OrderRecord, 'consigneeName' | 'consigneePhone'> }) {
  return (
    <Space orientation="vertical" size={0}>
      {typed(order.consigneeName)}
      <Typography.Text type="secondary" dir="ltr">
        {order.consigneePhone}
      </Typography.Text>
    </Space>
  );
}

/** The staff order list's columns. */
export function useOrderColumns(): KitColumns<OrderRecord> {
  const { t, i18n } = useLingui();
  const time = useTime();
  return [
    {
      title: t`Tracking no`,
      dataIndex: 'trackingNo',
      fixed: 'start',
      render: (no: string, o) => (
        <Space orientation="vertical" size={0}>
          <OrderLink id={o.recId} trackingNo={no} />
          <Typography.Text type="secondary" dir="ltr">
            {o.customerNo}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t`Customer`,
      dataIndex: 'customerCode',
      render: (code: string, o) => <span title={o.customerName}>{code}</span>,
    },
    {
      title: t`Status`,
      dataIndex: 'status',
      render: (s: number, o) => (
        <Space size={[0, 4]} wrap style={{ maxInlineSize: 180 }}>
          <StatusTag status={s} name={o.statusName} />
          <InterceptTag state={o.interceptState} name={o.interceptStateName} />
          <AbnormalTags kinds={o.abnormalKinds} />
        </Space>
      ),
    },
    {
      title: t`Check`,
      dataIndex: 'checkStatus',
      render: (c: number) => {
        const d = CHECK_LABELS[String(c)];
        return <Tag color={c === 3 ? 'green' : 'default'}>{d ? i18n._(d) : c}</Tag>;
      },
    },
    {
      title: t`Shipping channel`,
      dataIndex: 'channelName',
      render: (name: string, o) => <span title={o.channelCode}>{name}</span>,
    },
    {
      title: t`Consignee`,
      key: 'consignee',
      render: (_, o) => <ConsigneeCell order={o} />,
    },
    {
      title: t`Destination`,
      key: 'destination',
      render: (_, o) => [o.countryName, o.city].filter(Boolean).join(' · '),
    },
    {
      title: t`COD`,
      key: 'cod',
      render: (_, o) => (o.isCod ? <span dir="ltr">{`${o.codAmount} ${o.codCurrency}`}</span> : '—'),
    },
    {
      title: t`Weight (kg)`,
      key: 'weight',
      render: (_, o) => (
        <Space orientation="vertical" size={0} dir="ltr">
          <span title={t`Declared weight`}>{o.declaredWeight}</span>
          {o.checkedWeight !== null && (
            <Typography.Text type="secondary" title={t`Checked weight`}>
              {o.checkedWeight}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t`Carrier`,
      key: 'carrier',
      render: (_, o) =>
        o.carrierCode ? (
          <Space orientation="vertical" size={0}>
            <span>{o.carrierCode}</span>
            <Typography.Text type="secondary" dir="ltr">
              {o.carrierTrackingNo}
            </Typography.Text>
          </Space>
        ) : (
          '—'
        ),
    },
    { title: t`Created`, dataIndex: 'createdAt', render: (v: string) => time(v) },
    { title: t`Arrived`, dataIndex: 'arrivedAt', render: (v: string | null) => time(v) },
  ];
}
