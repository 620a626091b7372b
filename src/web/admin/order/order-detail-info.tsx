import { useLingui } from '@lingui/react/macro';
import { Alert, Card, Descriptions, Flex, Tag } from 'antd';
import type { OrderDetail } from '../../../shared/contract/order.ts';
import { ltr, typed } from '../../ui/bidi.tsx';
import { ImageThumbs } from '../kit/image-thumbs.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { dash, named } from '../kit/text.ts';
import { useTime } from '../kit/use-time.ts';
import { PACKING_LABELS, PAYMENT_LABELS } from '../shared/order-labels.ts';

const kg = (v: string) => <span dir="ltr">{`${v} kg`}</span>;

/** Who, where and how: the order's own fields, the sender and the consignee. */
export function PartiesSection({ order }: { order: OrderDetail }) {
  const { t, i18n } = useLingui();
  const time = useTime();
  const packing = PACKING_LABELS[order.packingType];
  const payment = PAYMENT_LABELS[String(order.payment)];
  const c = order.consignee;
  return (
    <Flex gap={16} wrap>
      <Card size="small" title={t`Order information`} style={{ flex: '1 1 340px' }}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t`Customer`}>
            {named(order.customerName, order.customerCode)}
          </Descriptions.Item>
          <Descriptions.Item label={t`Customer order no`}>{ltr(order.customerNo)}</Descriptions.Item>
          <Descriptions.Item label={t`Shipping channel`}>{order.channelName}</Descriptions.Item>
          <Descriptions.Item label={t`Carrier`}>{dash(order.carrierName)}</Descriptions.Item>
          <Descriptions.Item label={t`Carrier tracking no`}>{ltr(order.carrierTrackingNo)}</Descriptions.Item>
          <Descriptions.Item label={t`Clearance no`}>{ltr(order.clearanceNo)}</Descriptions.Item>
          <Descriptions.Item label={t`Packing`}>
            {packing ? i18n._(packing) : order.packingType} × {order.packageCount}
          </Descriptions.Item>
          <Descriptions.Item label={t`Payment`}>
            {payment ? i18n._(payment) : order.payment}
          </Descriptions.Item>
          <Descriptions.Item label={t`COD`}>
            {order.isCod ? <span dir="ltr">{`${order.codAmount} ${order.codCurrency}`}</span> : t`No`}
          </Descriptions.Item>
          <Descriptions.Item label={t`Created`}>
            {time(order.createdAt)} {order.createdBy ? `· ${order.createdBy}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t`Arrived`}>
            {time(order.arrivedAt)} {order.receivedDepot ? `· ${order.receivedDepot.name}` : ''}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t`Sender`} style={{ flex: '1 1 300px' }}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t`Name`}>{typed(order.sender.name)}</Descriptions.Item>
          <Descriptions.Item label={t`Company`}>{typed(order.sender.company)}</Descriptions.Item>
          <Descriptions.Item label={t`Phone`}>{ltr(order.sender.phone)}</Descriptions.Item>
          <Descriptions.Item label={t`Region`}>
            {dash(order.sender.regionNames.join(' / '))}
          </Descriptions.Item>
          <Descriptions.Item label={t`Address`}>{typed(order.sender.address)}</Descriptions.Item>
          <Descriptions.Item label={t`Post code`}>{ltr(order.sender.postcode)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t`Consignee`} style={{ flex: '1 1 300px' }}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t`Name`}>{typed(c.name)}</Descriptions.Item>
          <Descriptions.Item label={t`Phone`}>
            {ltr([c.phone, c.phone2].filter(Boolean).join(' / '))}
          </Descriptions.Item>
          <Descriptions.Item label={t`E-mail`}>{ltr(c.email)}</Descriptions.Item>
          <Descriptions.Item label={t`Region`}>
            {[c.countryName, c.province, c.city, c.district].filter(Boolean).join(' / ')}
          </Descriptions.Item>
          <Descriptions.Item label={t`Address`}>{typed(c.address)}</Descriptions.Item>
          <Descriptions.Item label={t`Post code`}>{ltr(c.postcode)}</Descriptions.Item>
        </Descriptions>
      </Card>
    </Flex>
  );
}

/** Weights and volume, and the fees computed from them (or why they could not be). */
export function WeightSection({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  const time = useTime();
  const sides =
    order.length && order.width && order.height
      ? `${order.length} × ${order.width} × ${order.height} cm`
      : '—';
  return (
    <Flex gap={16} wrap>
      <Card size="small" title={t`Weights and volume`} style={{ flex: '1 1 340px' }}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t`Declared weight`}>{kg(order.declaredWeight)}</Descriptions.Item>
          <Descriptions.Item label={t`Checked weight`}>
            {order.checkedWeight ? (
              // One inline run: a Descriptions value is a flex box, which trims a bare " · " to "·".
              <span>
                {kg(order.checkedWeight)} · {time(order.checkedAt)}
              </span>
            ) : (
              t`Not checked yet`
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t`Sides`}>
            <span dir="ltr">{sides}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t`Volume weight`}>
            <span dir="ltr">{`${order.volumeWeight} kg (÷${order.volumeDivisor})`}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t`Chargeable weight`}>{kg(order.chargeableWeight)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t`Fees`} style={{ flex: '1 1 340px' }}>
        {order.feeException && (
          <Alert
            type="error"
            showIcon
            style={{ marginBlockEnd: 8 }}
            title={t`Fee exception`}
            description={order.feeException.reasonText}
          />
        )}
        <RowsTable
          rowKey="recId"
          rows={order.fees}
          empty={t`No fees yet`}
          columns={[
            { title: t`Fee`, dataIndex: 'feeTypeName' },
            {
              title: t`Amount`,
              key: 'amount',
              render: (_, f) => <span dir="ltr">{`${f.amount} ${f.currency}`}</span>,
            },
            { title: t`Chargeable weight`, dataIndex: 'chargeableWeight', render: (w: string) => kg(w) },
            { title: t`Computed`, dataIndex: 'computedAt', render: (v: string) => time(v) },
          ]}
        />
      </Card>
    </Flex>
  );
}

export function GoodsSection({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  return (
    <Card size="small" title={t`Goods`}>
      <RowsTable
        rowKey="recId"
        rows={order.goods}
        columns={[
          { title: '#', dataIndex: 'lineNo', width: 48 },
          {
            title: t`English goods name`,
            dataIndex: 'nameEn',
            render: (name: string, g) => (
              <Flex gap={4} wrap>
                {typed(name)}
                {g.sensitiveHit && <SensitiveTag words={g.sensitiveWords} />}
              </Flex>
            ),
          },
          { title: t`Chinese goods name`, dataIndex: 'nameCn', render: (v: string) => typed(v) },
          { title: t`Quantity`, dataIndex: 'quantity' },
          { title: t`HS code`, dataIndex: 'hsCode', render: (v: string) => ltr(v) },
          {
            title: t`Unit price`,
            key: 'price',
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

function SensitiveTag({ words }: { words: readonly string[] }) {
  const { t } = useLingui();
  const list = words.join(', ');
  return <Tag color="red">{t`Sensitive: ${list}`}</Tag>;
}
