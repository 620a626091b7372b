import { CheckCircleOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button, Card, Descriptions, type DescriptionsProps, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { OriginDetail, PushRecord } from '../../../shared/contract/origin-order.ts';
import { UploadState } from '../../../shared/domain/origin-order.ts';
import { ltr, typed } from '../../ui/bidi.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { named } from '../kit/text.ts';
import { useTime } from '../kit/use-time.ts';
import { TrackingLink } from '../shared/order-columns.tsx';
import { AddressConfirmModal } from './address-confirm-modal.tsx';
import { CITC_COLORS, CITC_LABELS, PUSH_RESULT_LABELS, SOURCE_LABELS } from './labels.ts';
import { ConfirmTag, usePlatformName } from './origin-columns.tsx';

/** The receiver or the sender: as received, and the regions it was confirmed as. */
export function PartySection({
  side,
  order,
  manage,
}: {
  side: 'receiver' | 'sender';
  order: OriginDetail;
  manage: boolean;
}) {
  const { t } = useLingui();
  const time = useTime();
  const [open, setOpen] = useState(false);
  const p = order[side];
  const editable = manage && order.uploadState !== UploadState.uploaded;
  const items: DescriptionsProps['items'] = [
    { key: 'name', label: t`Name`, children: p.name || '—' },
    { key: 'phone', label: t`Phone`, children: ltr(p.phone) },
    side === 'receiver'
      ? { key: 'phone2', label: t`Alternate phone`, children: ltr(order.receiver.phone2) }
      : { key: 'company', label: t`Company`, children: typed(order.sender.company) },
    { key: 'country', label: t`Country`, children: p.country || '—' },
    { key: 'province', label: t`Province`, children: p.province || '—' },
    { key: 'city', label: t`City`, children: p.city || '—' },
    ...(side === 'receiver'
      ? [{ key: 'district', label: t`District`, children: order.receiver.district || '—' }]
      : []),
    { key: 'address', label: t`Address`, children: typed(p.address), span: 2 },
    { key: 'postcode', label: t`Post code`, children: ltr(p.postcode) },
    { key: 'state', label: t`Check`, children: <ConfirmTag state={p.confirmState} /> },
    { key: 'regions', label: t`Confirmed region`, children: p.regionNames || '—', span: 2 },
    {
      key: 'by',
      label: t`Confirmed by`,
      children: p.confirmedBy ? `${p.confirmedBy} · ${time(p.confirmedAt)}` : '—',
    },
  ];
  return (
    <Card
      size="small"
      title={side === 'receiver' ? t`Receiver` : t`Sender`}
      data-testid={`origin-${side}`}
      extra={
        editable && (
          <Button
            size="small"
            type={p.confirmState === 1 ? 'default' : 'primary'}
            icon={<CheckCircleOutlined />}
            onClick={() => setOpen(true)}
            data-testid={`confirm-${side}`}
          >
            {side === 'receiver' ? t`Confirm receiver address` : t`Confirm sender address`}
          </Button>
        )
      }
    >
      <Descriptions size="small" column={{ xs: 1, xl: 2 }} items={items} />
      {editable && (
        <AddressConfirmModal side={side} order={order} open={open} onClose={() => setOpen(false)} />
      )}
    </Card>
  );
}

export function ParcelSection({ order }: { order: OriginDetail }) {
  const { t, i18n } = useLingui();
  const time = useTime();
  const platformName = usePlatformName();
  const dims = [order.length, order.width, order.height].every((d) => d !== null)
    ? `${order.length} × ${order.width} × ${order.height}`
    : '—';
  const source = SOURCE_LABELS[order.source];
  const items: DescriptionsProps['items'] = [
    { key: 'platform', label: t`Platform`, children: platformName(order.platform) },
    { key: 'shop', label: t`Shop`, children: order.shopName || '—' },
    { key: 'customer', label: t`Customer`, children: named(order.customerName, order.customerCode) },
    { key: 'channel', label: t`Shipping channel`, children: order.channelName ?? '—' },
    { key: 'source', label: t`Source`, children: source ? i18n._(source) : order.source },
    { key: 'weight', label: t`Weight (kg)`, children: order.weight },
    { key: 'dims', label: t`Length × width × height (cm)`, children: <span dir="ltr">{dims}</span> },
    { key: 'packages', label: t`Packages`, children: order.packageCount },
    {
      key: 'cod',
      label: t`COD`,
      children: order.isCod ? <span dir="ltr">{`${order.codAmount} ${order.codCurrency}`}</span> : t`No`,
    },
    { key: 'remark', label: t`Remark`, children: order.remark || '—' },
    { key: 'created', label: t`Created`, children: `${time(order.createdAt)} · ${order.createdBy ?? '—'}` },
  ];
  return (
    <Card size="small" title={t`Parcel`}>
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} items={items} />
    </Card>
  );
}

export function ExtraSection({ order }: { order: OriginDetail }) {
  const { t } = useLingui();
  const time = useTime();
  const x = order.extra;
  const items: DescriptionsProps['items'] = [
    { key: 'id', label: t`Buyer ID no`, children: ltr(x.buyerIdNo) },
    {
      key: 'value',
      label: t`Declared value`,
      children: x.declaredValue ? <span dir="ltr">{`${x.declaredValue} ${x.declaredCurrency}`}</span> : '—',
    },
    { key: 'invoice', label: t`Invoice no`, children: ltr(x.invoiceNo) },
    { key: 'payment', label: t`Payment method`, children: x.paymentMethod || '—' },
    { key: 'paid', label: t`Paid at`, children: time(x.paidAt) },
    { key: 'remark', label: t`Extra remark`, children: x.remark || '—' },
    { key: 'updated', label: t`Updated`, children: time(x.updatedAt) },
  ];
  return (
    <Card size="small" title={t`Extra origin information`} data-testid="origin-extra">
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} items={items} />
    </Card>
  );
}

export function GoodsSection({ order }: { order: OriginDetail }) {
  const { t } = useLingui();
  return (
    <Card size="small" title={t`Goods`}>
      <RowsTable
        rowKey="recId"
        rows={order.goods}
        columns={[
          { title: '#', dataIndex: 'lineNo', width: 48 },
          { title: t`SKU`, dataIndex: 'sku', render: ltr },
          { title: t`English name`, dataIndex: 'nameEn' },
          { title: t`Chinese name`, dataIndex: 'nameCn' },
          { title: t`Quantity`, dataIndex: 'quantity', align: 'end' },
          { title: t`HS code`, dataIndex: 'hsCode', render: ltr },
          {
            title: t`Unit price`,
            dataIndex: 'unitPrice',
            align: 'end',
            render: (v: string, g) => <span dir="ltr">{`${v} ${g.currency}`}</span>,
          },
          { title: t`Specification`, dataIndex: 'specification', render: (v: string) => typed(v) },
        ]}
      />
    </Card>
  );
}

/** Upload attempts (newest first) and the CITC report of the order made. */
export function PushSection({ order }: { order: OriginDetail }) {
  const { t, i18n } = useLingui();
  const time = useTime();
  const citc = order.citc;
  const citcLabel = citc ? CITC_LABELS[citc.status] : undefined;
  return (
    <Card
      size="small"
      title={t`Push records`}
      extra={
        citc && (
          <Typography.Text data-testid="origin-citc">
            {t`CITC`}:{' '}
            <Tooltip title={citc.message || citc.referenceNo || undefined}>
              <Tag color={CITC_COLORS[citc.status]}>{citcLabel ? i18n._(citcLabel) : citc.status}</Tag>
            </Tooltip>
          </Typography.Text>
        )
      }
    >
      <RowsTable<PushRecord>
        testId="origin-push-records"
        rowKey="recId"
        rows={order.pushRecords}
        empty={t`Not pushed yet`}
        columns={[
          { title: t`Time`, dataIndex: 'pushedAt', render: (v: string) => time(v) },
          {
            title: t`Result`,
            dataIndex: 'result',
            render: (r: number) => {
              const d = PUSH_RESULT_LABELS[r];
              return <Tag color={r === 1 ? 'success' : 'error'}>{d ? i18n._(d) : r}</Tag>;
            },
          },
          {
            title: t`Tracking no`,
            dataIndex: 'trackingNo',
            render: (no: string, p) =>
              no && p.orderId !== null ? <TrackingLink id={p.orderId} trackingNo={no} /> : '—',
          },
          { title: t`Message`, dataIndex: 'message' },
          { title: t`Operator`, dataIndex: 'operator', render: (v: string | null) => v ?? '—' },
        ]}
      />
    </Card>
  );
}
