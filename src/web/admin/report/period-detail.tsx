import { ArrowLeftOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button, Card, Flex, Result, Skeleton, Space, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { BulkNosItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import type { Counts } from './group-table.tsx';
import { groupDigits } from './money.tsx';

/**
 * The page of one customer's period (a report row, a bill): a header naming it with its actions,
 * its counts, its totals per currency, then its orders with a tracking-no search (the kit's filter form). A period the
 * caller may not see (404) shows as not found.
 */
export function PeriodDetail({
  testId,
  title,
  subtitle,
  tags,
  actions,
  counts,
  totals,
  orders,
  trackingNos,
  onTrackingNos,
  onBack,
  missing,
}: {
  testId: string;
  title: string | undefined;
  subtitle?: ReactNode;
  tags?: ReactNode;
  actions?: ReactNode;
  counts: Counts | undefined;
  totals: ReactNode;
  orders: ReactNode;
  trackingNos: string | undefined;
  onTrackingNos: (value: string | undefined) => void;
  onBack: () => void;
  missing: boolean;
}) {
  const { t } = useLingui();

  if (missing)
    return (
      <Result
        status="404"
        title={t`This period does not exist`}
        extra={<Button onClick={onBack}>{t`Back to the list`}</Button>}
      />
    );
  if (!counts || title === undefined) return <Skeleton active paragraph={{ rows: 10 }} />;

  return (
    <Flex vertical gap={16} data-testid={testId}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Space wrap size="middle">
            <Button icon={<ArrowLeftOutlined />} aria-label={t`Back to the list`} onClick={onBack} />
            <Typography.Title level={4} style={{ margin: 0 }} dir="ltr" data-testid={`${testId}-title`}>
              {title}
            </Typography.Title>
            {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
            {tags}
          </Space>
          {actions}
        </Flex>
        <Flex wrap gap={32} style={{ marginBlockStart: 16 }}>
          <Statistic title={t`Orders`} value={counts.orderCount} />
          <Statistic title={t`Pieces`} value={counts.packageCount} />
          <Statistic title={t`COD orders`} value={counts.codOrderCount} />
          <Statistic title={t`Signed`} value={counts.signedCount} />
          <Statistic title={t`Returned`} value={counts.returnedCount} />
          <Statistic title={t`Chargeable weight (kg)`} value={groupDigits(counts.chargeableWeight)} />
        </Flex>
      </Card>
      <Card title={t`Totals by currency`} size="small">
        {totals}
      </Card>
      <Card title={t`Orders`}>
        <FilterForm<{ trackingNos?: string }>
          value={{ trackingNos }}
          onSearch={(v) => onTrackingNos(v.trackingNos)}
          label={t`Search the orders`}
        >
          <BulkNosItem name="trackingNos" label={t`Tracking nos`} placeholder={t`Tracking nos, one a line`} />
        </FilterForm>
        {orders}
      </Card>
    </Flex>
  );
}
