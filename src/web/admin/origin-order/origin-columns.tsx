import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Space, Tag, Typography } from 'antd';
import type { OriginRecord } from '../../../shared/contract/origin-order.ts';
import { type OriginPlatform, PLATFORM_NAMES } from '../../../shared/domain/origin-order.ts';
import { typed } from '../../ui/bidi.tsx';
import type { KitColumns } from '../kit/columns.ts';
import { TypedLine } from '../kit/typed-line.tsx';
import { useTime } from '../kit/use-time.ts';
import { TrackingLink } from '../shared/order-columns.tsx';
import { CONFIRM_LABELS, UPLOAD_COLORS, UPLOAD_LABELS } from './labels.ts';
import { LIST_DETAIL_PATH, MANAGE_DETAIL_PATH } from './search.ts';

export function usePlatformName(): (code: string) => string {
  const { t } = useLingui();
  return (code) => (code === 'OTHER' ? t`Other` : (PLATFORM_NAMES[code as OriginPlatform] ?? code));
}

export function ConfirmTag({ state }: { state: number }) {
  const { i18n } = useLingui();
  const label = CONFIRM_LABELS[state];
  return <Tag color={state === 1 ? 'success' : 'warning'}>{label ? i18n._(label) : state}</Tag>;
}

export function UploadTag({ state }: { state: number }) {
  const { i18n } = useLingui();
  const label = UPLOAD_LABELS[state];
  return <Tag color={UPLOAD_COLORS[state] ?? 'default'}>{label ? i18n._(label) : state}</Tag>;
}

/** The origin order lists' columns; the platform order no opens the order's tab (read-only or managed). */
export function useOriginColumns(manage: boolean): KitColumns<OriginRecord> {
  const { t, i18n } = useLingui();
  const time = useTime();
  const platformName = usePlatformName();
  return [
    {
      title: t`Platform order no`,
      dataIndex: 'platformOrderNo',
      fixed: 'start',
      render: (no: string, o) => (
        <Space orientation="vertical" size={0}>
          <Link
            to={manage ? MANAGE_DETAIL_PATH : LIST_DETAIL_PATH}
            params={{ id: String(o.recId) }}
            search={{ name: no }}
            dir="ltr"
          >
            {no}
          </Link>
          <Typography.Text type="secondary">
            {platformName(o.platform)}
            {o.shopName ? ` · ${o.shopName}` : ''}
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
      title: t`Receiver`,
      dataIndex: 'receiverName',
      render: (name: string, o) => (
        <Space orientation="vertical" size={0} style={{ maxInlineSize: 280 }}>
          {typed(name)}
          <Typography.Text type="secondary" dir="ltr">
            {o.receiverPhone}
          </Typography.Text>
          <TypedLine text={o.receiverAddress} secondary />
        </Space>
      ),
    },
    {
      title: t`Receiver address`,
      dataIndex: 'receiverConfirmState',
      render: (s: number) => <ConfirmTag state={s} />,
    },
    {
      title: t`Sender address`,
      dataIndex: 'senderConfirmState',
      render: (s: number) => <ConfirmTag state={s} />,
    },
    {
      title: t`Weight (kg)`,
      dataIndex: 'weight',
      sortKey: 'weight',
      align: 'end',
      render: (w: string) => i18n.number(Number(w), { maximumFractionDigits: 3 }),
    },
    {
      title: t`COD`,
      dataIndex: 'codAmount',
      sortKey: 'codAmount',
      render: (amount: string, o) => (o.isCod ? <span dir="ltr">{`${amount} ${o.codCurrency}`}</span> : '—'),
    },
    { title: t`Goods lines`, dataIndex: 'goodsCount', align: 'end', sortKey: 'goodsCount' },
    {
      title: t`Upload`,
      dataIndex: 'uploadState',
      render: (s: number, o) => (
        <Space orientation="vertical" size={0}>
          <UploadTag state={s} />
          {o.orderId !== null && o.trackingNo && <TrackingLink id={o.orderId} trackingNo={o.trackingNo} />}
        </Space>
      ),
    },
    { title: t`Created`, dataIndex: 'createdAt', sortKey: 'createdAt', render: (v: string) => time(v) },
  ];
}
