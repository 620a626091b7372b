import { useLingui } from '@lingui/react/macro';
import { Flex, Tag, Typography } from 'antd';
import type { FeeDetailRecord } from '../../../shared/contract/fee.ts';
import { FeeType } from '../../../shared/domain/order-fees.ts';
import type { KitColumns } from '../kit/columns.ts';
import { useFormat } from '../kit/use-format.ts';
import { FeeSheetLink, kg, money, useRuleText, volumeKg } from './fee-format.tsx';

/** The order a fee row belongs to, as both fee lists show it; the tracking no opens its fee sheet. */
type OrderPart = Pick<
  FeeDetailRecord,
  'orderId' | 'trackingNo' | 'customerCode' | 'customerName' | 'channelCode' | 'channelName' | 'countryName'
>;

export function useOrderPartColumns<R extends OrderPart>(): KitColumns<R> {
  const { t } = useLingui();
  return [
    {
      title: t`Tracking no`,
      dataIndex: 'trackingNo',
      fixed: 'start',
      render: (no: string, r) => <FeeSheetLink orderId={r.orderId} trackingNo={no} />,
    },
    {
      title: t`Customer`,
      dataIndex: 'customerCode',
      render: (code: string, r) => <span title={r.customerName}>{code}</span>,
    },
    {
      title: t`Shipping channel`,
      dataIndex: 'channelCode',
      render: (code: string, r) => <span title={r.channelName}>{code}</span>,
    },
    { title: t`Destination`, dataIndex: 'countryName' },
  ];
}

/** The fee detail list's columns: the order, the fee, and its basis (weights, rule, time). */
export function useFeeDetailColumns(): KitColumns<FeeDetailRecord> {
  const { t } = useLingui();
  const f = useFormat();
  const ruleText = useRuleText();
  return [
    ...useOrderPartColumns<FeeDetailRecord>(),
    {
      title: t`Fee type`,
      dataIndex: 'feeTypeName',
      render: (name: string, r) => (
        <Tag color={r.feeType === FeeType.freight ? 'blue' : 'purple'}>{name}</Tag>
      ),
    },
    {
      title: t`Amount`,
      dataIndex: 'amount',
      sortKey: 'amount',
      align: 'end',
      render: (v: string, r) => <Typography.Text strong>{money(v, r.currency)}</Typography.Text>,
    },
    {
      title: t`Chargeable weight`,
      dataIndex: 'chargeableWeight',
      sortKey: 'chargeableWeight',
      render: (w: string, r) => (
        <Flex vertical>
          {kg(w)}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t`actual`} {kg(r.weight)} · {t`volume`} {volumeKg(r.volumeWeight, r.volumeDivisor)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t`Price rule`,
      dataIndex: 'rule',
      render: (_, r) => ruleText(r.rule),
    },
    {
      title: t`Computed`,
      dataIndex: 'computedAt',
      sortKey: 'computedAt',
      render: (v: string) => f.dateTime(v),
    },
  ];
}
