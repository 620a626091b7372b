import { WarningOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Progress, Row, Skeleton, Tag, Typography } from 'antd';
import { trackingNoQueries } from '../../api/queries/tracking-no.ts';

/**
 * Free numbers per carrier; a pool below the threshold is flagged, so it is refilled before order
 * assignment runs dry. Clicking a carrier filters the list to it.
 */
export function StockSummary({ onPick }: { onPick: (carrierId: number) => void }) {
  const { t, i18n } = useLingui();
  const stock = useQuery(trackingNoQueries.stock());
  if (stock.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  const carriers = stock.data?.carriers ?? [];
  const threshold = stock.data?.threshold ?? 0;
  if (carriers.length === 0)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No carrier has numbers in the pool yet`} />
    );
  return (
    <Row gutter={[12, 12]} data-testid="pool-stock">
      {carriers.map((c) => (
        <Col key={c.carrierId} xs={24} sm={12} lg={8} xl={6}>
          <Card
            size="small"
            hoverable
            onClick={() => onPick(c.carrierId)}
            data-testid={`stock-${c.carrierCode}`}
            styles={{ body: { paddingBlock: 12 } }}
          >
            <Typography.Text strong>
              {c.carrierName} ({c.carrierCode})
            </Typography.Text>
            {c.low && (
              <Tag color="error" icon={<WarningOutlined />} style={{ marginInlineStart: 8 }}>
                {t`Low stock`}
              </Tag>
            )}
            <div>
              <Typography.Text style={{ fontSize: 22 }} type={c.low ? 'danger' : undefined}>
                {i18n.number(c.free)}
              </Typography.Text>{' '}
              <Typography.Text type="secondary">{t`free of ${i18n.number(c.total)}`}</Typography.Text>
            </div>
            <Progress
              percent={c.total ? Math.round((c.used / c.total) * 100) : 0}
              size="small"
              showInfo={false}
              status={c.low ? 'exception' : 'normal'}
            />
          </Card>
        </Col>
      ))}
      <Col span={24}>
        <Typography.Text type="secondary">{t`Pools with fewer than ${threshold} free numbers are flagged.`}</Typography.Text>
      </Col>
    </Row>
  );
}
