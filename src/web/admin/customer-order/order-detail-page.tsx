import { useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Alert, Button, Card, Col, Descriptions, Empty, Flex, Result, Row, Tag, Typography } from 'antd';
import type { FeeRecord, GoodsRecord, OrderDetail } from '../../../shared/contract/order.ts';
import { refusalOf } from '../../../shared/domain/order-rules.ts';
import { useSubRight } from '../../session/sub-rights.ts';
import { typed } from '../../ui/bidi.tsx';
import { ImageThumbs } from '../kit/image-thumbs.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { useFormat } from '../kit/use-format.ts';
import { PrintLabelButton, useMayPrintLabels } from '../order/print-labels.tsx';
import { useOrderOps } from '../order/use-order-ops.tsx';
import { PACKING_LABELS, statusColor } from './labels.ts';
import { OrderRemarks } from './order-remarks.tsx';
import { OrderTrack } from './order-track.tsx';
import { customerOrderDetail } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/user/order/list/$id');

/** /admin/user/order/list/{id}: one order with goods, fees, track records and remarks. */
export function OrderDetailPage() {
  const { t, i18n } = useLingui();
  const detail = customerOrderDetail(routeApi.useParams(), i18n);
  if (detail) return <OrderRead options={detail} />;
  return (
    <Card>
      <Result
        status="404"
        title={t`This order does not exist`}
        extra={
          <Link to="/admin/user/order/list">
            <Button>{t`Back to the list`}</Button>
          </Link>
        }
      />
    </Card>
  );
}

/** The order, read with the options its route's loader loaded (a failure: the route's error view). */
function OrderRead({ options }: { options: NonNullable<ReturnType<typeof customerOrderDetail>> }) {
  return <OrderView order={useSuspenseQuery(options).data} />;
}

function OrderView({ order: o }: { order: OrderDetail }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const printsLabels = useSubRight('labels:print');
  const mayPrint = useMayPrintLabels() && printsLabels;
  const mayCancel = useSubRight('orders:cancel');
  const ops = useOrderOps();
  const packing = PACKING_LABELS[o.packingType];
  const sides = [o.length, o.width, o.height].every(Boolean) ? `${o.length} × ${o.width} × ${o.height}` : '—';
  return (
    <Flex vertical gap={16} data-testid="customer-order-detail">
      <Card
        title={
          <Flex align="center" gap={8} wrap>
            <Typography.Text strong copyable data-testid="detail-tracking-no">
              {o.trackingNo}
            </Typography.Text>
            <Tag color={statusColor(o.status)}>{o.statusName}</Tag>
            {o.abnormalKinds.length > 0 && <Tag color="warning">{t`Under review`}</Tag>}
          </Flex>
        }
        extra={
          <Flex gap={8} wrap>
            {mayPrint && <PrintLabelButton order={o} />}
            {mayCancel && refusalOf('cancel', o) === null && (
              <Button danger onClick={() => ops.cancel([o])} data-testid="customer-cancel-order">
                {t`Cancel order`}
              </Button>
            )}
          </Flex>
        }
      >
        {ops.modals}
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
          <Descriptions.Item label={t`Customer order no`}>{o.customerNo}</Descriptions.Item>
          <Descriptions.Item label={t`Shipping channel`}>{o.channelName}</Descriptions.Item>
          <Descriptions.Item label={t`Created`}>{format.dateTime(o.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t`Carrier`}>
            {o.carrierName ? `${o.carrierName} ${o.carrierTrackingNo ?? ''}` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t`Packing type`}>
            {packing ? i18n._(packing) : o.packingType}
          </Descriptions.Item>
          <Descriptions.Item label={t`Package count`}>{o.packageCount}</Descriptions.Item>
          <Descriptions.Item label={t`Declared weight (kg)`}>{o.declaredWeight}</Descriptions.Item>
          <Descriptions.Item label={t`Checked weight (kg)`}>{o.checkedWeight ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t`Chargeable weight (kg)`}>{o.chargeableWeight}</Descriptions.Item>
          <Descriptions.Item label={t`Length × width × height (cm)`}>
            <span dir="ltr">{sides}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t`Volume weight (kg)`}>{o.volumeWeight}</Descriptions.Item>
          <Descriptions.Item label={t`Cash on delivery`}>
            {o.isCod ? <span dir="ltr">{`${o.codAmount} ${o.codCurrency}`}</span> : t`No`}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t`Consignee`} size="small" style={{ blockSize: '100%' }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t`Name`}>{typed(o.consignee.name)}</Descriptions.Item>
              <Descriptions.Item label={t`Phone`}>
                <span dir="ltr">{[o.consignee.phone, o.consignee.phone2].filter(Boolean).join(' / ')}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t`Region`}>
                {[o.consignee.countryName, o.consignee.province, o.consignee.city, o.consignee.district]
                  .filter(Boolean)
                  .join(' / ')}
              </Descriptions.Item>
              <Descriptions.Item label={t`Address`}>
                <span>
                  {typed(o.consignee.address)} <bdi>{o.consignee.postcode}</bdi>
                </span>
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t`Sender`} size="small" style={{ blockSize: '100%' }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t`Name`}>{typed(o.sender.name)}</Descriptions.Item>
              <Descriptions.Item label={t`Phone`}>
                <span dir="ltr">{o.sender.phone}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t`Region`}>
                {o.sender.regionNames.join(' / ') || '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t`Address`}>
                <span>
                  {typed(o.sender.address)} <bdi>{o.sender.postcode}</bdi>
                </span>
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
      <GoodsCard goods={o.goods} />
      <FeesCard order={o} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <OrderTrack events={o.events} />
        </Col>
        <Col xs={24} lg={12}>
          <OrderRemarks orderId={o.recId} remarks={o.remarks} />
        </Col>
      </Row>
    </Flex>
  );
}

function GoodsCard({ goods }: { goods: GoodsRecord[] }) {
  const { t } = useLingui();
  return (
    <Card title={t`Goods`} size="small">
      <RowsTable<GoodsRecord>
        testId="detail-goods"
        rowKey="recId"
        rows={goods}
        columns={[
          { title: '#', dataIndex: 'lineNo', width: 40 },
          {
            title: t`English name`,
            dataIndex: 'nameEn',
            render: (name: string, g) => (
              <Flex gap={4} wrap>
                {name}
                {g.sensitiveWords.map((w) => (
                  <Tag key={w} color="warning">
                    {w}
                  </Tag>
                ))}
              </Flex>
            ),
          },
          { title: t`Chinese name`, dataIndex: 'nameCn' },
          { title: t`Quantity`, dataIndex: 'quantity', align: 'end' },
          { title: t`HS code`, dataIndex: 'hsCode' },
          {
            title: t`Unit price`,
            key: 'price',
            align: 'end',
            render: (_, g) => <span dir="ltr">{`${g.unitPrice} ${g.currency}`}</span>,
          },
          { title: t`Specification`, dataIndex: 'specification', render: (v: string) => typed(v) },
          {
            title: t`Photos`,
            dataIndex: 'images',
            render: (urls: string[], g) => <ImageThumbs urls={urls} testId={`goods-photos-${g.lineNo}`} />,
          },
        ]}
      />
    </Card>
  );
}

function FeesCard({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  const format = useFormat();
  return (
    <Card title={t`Fees`} size="small">
      {order.feeException && (
        <Alert type="warning" showIcon title={order.feeException.reasonText} style={{ marginBlockEnd: 12 }} />
      )}
      {order.fees.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t`Fees are computed when the parcel is received at the warehouse`}
        />
      ) : (
        <RowsTable<FeeRecord>
          testId="detail-fees"
          rowKey="recId"
          rows={order.fees}
          columns={[
            { title: t`Fee`, dataIndex: 'feeTypeName' },
            {
              title: t`Amount`,
              key: 'amount',
              align: 'end',
              render: (_, f) => <span dir="ltr">{`${f.amount} ${f.currency}`}</span>,
            },
            { title: t`Chargeable weight (kg)`, dataIndex: 'chargeableWeight', align: 'end' },
            {
              title: t`Computed`,
              dataIndex: 'computedAt',
              render: (iso: string) => format.dateTime(iso),
            },
          ]}
        />
      )}
    </Card>
  );
}
