import { WarningOutlined } from '@ant-design/icons';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import { Alert, Card, Col, Empty, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import {
  type DashboardCount,
  type DashboardSummary,
  DASHBOARD_ORDER_DAYS as ORDER_DAYS,
  UNREMITTED_DAYS,
} from '../../../shared/contract/dashboard.ts';
import { addDays, dayRangeTimes } from '../../../shared/domain/zoned-time.ts';
import { dashboardQueries } from '../../api/queries/dashboard.ts';
import { useSession } from '../../session/store.ts';
import { Chart } from '../kit/chart.tsx';
import { ORDER_STATUS_LABELS } from '../kit/labels.ts';
import { useBusinessTimeZone, useFormat } from '../kit/use-format.ts';

const COUNT_TITLES: Record<DashboardCount, MessageDescriptor> = {
  receivedToday: msg`Received today`,
  pickedUpToday: msg`Bills picked up today`,
  exceptionsOpen: msg`Exceptions to handle`,
  codPending: msg`COD changes to approve`,
  openBills: msg`Open lading bills`,
  myExceptions: msg`Orders with an exception`,
};

type Today = DashboardSummary['today'];

/** The list behind each count, filtered as it was counted. */
function countLink(key: DashboardCount, today: Today): LinkProps {
  switch (key) {
    case 'receivedToday':
      return {
        to: '/admin/order/list',
        search: { timeBasis: 'arrival', startTime: today.start, endTime: today.end },
      };
    case 'pickedUpToday':
      return {
        to: '/admin/ladingBll/manage',
        search: { tab: 'bills', pickupStatus: 2, sortBy: 'pickedUpAt', sortOrder: 'desc' },
      };
    case 'openBills':
      return { to: '/admin/ladingBll/manage', search: { tab: 'bills', confirmState: 0 } };
    case 'exceptionsOpen':
      return { to: '/admin/customerService/abnormalOrders', search: { state: '0' } };
    case 'codPending':
      return { to: '/admin/report/codModification', search: { status: '0' } };
    case 'myExceptions':
      return { to: '/admin/user/order/list', search: { abnormal: 1 } };
  }
}

/** A figure that opens its list. */
function Tile({
  title,
  value,
  link,
  testId,
  warn,
}: {
  title: string;
  value: string;
  link: LinkProps;
  testId: string;
  warn?: boolean;
}) {
  return (
    <Link {...link} data-testid={testId} style={{ display: 'block' }}>
      <Card hoverable size="small">
        <Statistic
          title={title}
          value={value}
          valueStyle={warn ? { color: 'var(--ant-color-warning)' } : undefined}
          prefix={warn ? <WarningOutlined /> : undefined}
        />
      </Card>
    </Link>
  );
}

/** Today's arrival scans per hour of the business day, as bars. */
function ScansChart({ hours }: { hours: NonNullable<DashboardSummary['scansByHour']> }) {
  const { t } = useLingui();
  const format = useFormat();
  const option = useMemo(
    () => ({
      grid: { left: 40, right: 16, top: 16, bottom: 28 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: hours.map((h) => String(h.hour).padStart(2, '0')) },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => format.count(v) } },
      series: [{ type: 'bar', name: t`Scans`, data: hours.map((h) => h.count) }],
    }),
    [hours, format, t],
  );
  return <Chart option={option} label={t`Arrival scans per hour today`} height={220} testId="scans-chart" />;
}

/**
 * /admin: the home dashboard of the signed-in account. Staff see today's work and what waits for
 * them (each figure only where they may open its list); finance the COD not yet remitted; a customer
 * its orders per status and the exceptions it must act on. Every figure opens its list.
 */
export function DashboardPage() {
  const { t, i18n } = useLingui();
  const session = useSession();
  const format = useFormat();
  const timeZone = useBusinessTimeZone();
  const summary = useQuery(dashboardQueries.summary(i18n.locale));
  const name = session?.user.nickname || session?.user.username;
  const data = summary.data;

  return (
    <Space direction="vertical" size="middle" style={{ inlineSize: '100%' }} data-testid="dashboard">
      <div>
        <Typography.Title level={3} style={{ marginBlockEnd: 0 }}>
          {t`Welcome, ${name}`}
        </Typography.Title>
        {data && (
          <Typography.Text type="secondary">
            {t`Today is ${format.date(data.today.day)} (${timeZone})`}
          </Typography.Text>
        )}
      </div>
      {summary.isError && <Alert type="error" showIcon message={t`The dashboard could not be loaded`} />}
      {summary.isPending && <Skeleton active />}
      {data && <DashboardBody data={data} />}
    </Space>
  );
}

function DashboardBody({ data }: { data: DashboardSummary }) {
  const { t } = useLingui();
  const format = useFormat();
  const timeZone = useBusinessTimeZone();
  const { today } = data;
  const ordersSince = addDays(today.day, 1 - ORDER_DAYS);
  const unremittedSince = dayRangeTimes(addDays(today.day, 1 - UNREMITTED_DAYS), null, timeZone).startTime;
  const nothing =
    !data.counts.length && !data.scansByHour && !data.pools && !data.unsettled && !data.ordersByStatus;

  return (
    <Space direction="vertical" size="middle" style={{ inlineSize: '100%' }}>
      {nothing && <Empty description={t`Nothing to show for your account`} />}
      {data.counts.length > 0 && (
        <Row gutter={[16, 16]}>
          {data.counts.map((c) => (
            <Col key={c.key} xs={24} sm={12} lg={8} xl={4}>
              <Tile
                testId={`tile-${c.key}`}
                title={t(COUNT_TITLES[c.key])}
                value={format.count(c.count)}
                link={countLink(c.key, today)}
                warn={c.key === 'myExceptions' && c.count > 0}
              />
            </Col>
          ))}
        </Row>
      )}
      {data.ordersByStatus && (
        <Card size="small" title={t`My orders of the last ${ORDER_DAYS} days, by status`}>
          {data.ordersByStatus.length === 0 ? (
            <Empty description={t`No orders in these days`} />
          ) : (
            <Row gutter={[16, 16]}>
              {data.ordersByStatus.map((s) => (
                <Col key={s.status} xs={12} sm={8} lg={6} xl={4}>
                  <Tile
                    testId={`tile-status-${s.status}`}
                    title={
                      ORDER_STATUS_LABELS[s.status] ? t(ORDER_STATUS_LABELS[s.status]!) : String(s.status)
                    }
                    value={format.count(s.count)}
                    link={{
                      to: '/admin/user/order/list',
                      search: { status: s.status, from: ordersSince, to: today.day },
                    }}
                  />
                </Col>
              ))}
            </Row>
          )}
        </Card>
      )}
      <Row gutter={[16, 16]}>
        {data.scansByHour && (
          <Col xs={24} xl={12}>
            <Card size="small" title={t`Arrival scans per hour today`}>
              <ScansChart hours={data.scansByHour} />
            </Card>
          </Col>
        )}
        {data.pools && (
          <Col xs={24} xl={data.scansByHour ? 12 : 24}>
            <Card size="small" title={t`Tracking-number pools`} data-testid="pools">
              {data.pools.length === 0 ? (
                <Empty description={t`No carrier has a pool`} />
              ) : (
                <Row gutter={[16, 16]}>
                  {data.pools.map((p) => (
                    <Col key={p.carrierId} xs={12} lg={8}>
                      <Tile
                        testId={`pool-${p.carrierId}`}
                        title={p.carrierName}
                        value={format.count(p.free)}
                        warn={p.low}
                        link={{
                          to: '/admin/options/trackingNo',
                          search: { carrierId: p.carrierId, state: 'free' },
                        }}
                      />
                      <Typography.Text type="secondary">
                        {t`${format.count(p.usedLast7Days)} assigned in 7 days`}
                      </Typography.Text>
                      {p.low && (
                        <div>
                          <Tag color="warning">{t`Running low`}</Tag>
                        </div>
                      )}
                    </Col>
                  ))}
                </Row>
              )}
            </Card>
          </Col>
        )}
      </Row>
      {data.unsettled && (
        <Card size="small" title={t`COD signed for and not remitted (last ${UNREMITTED_DAYS} days)`}>
          {data.unsettled.length === 0 ? (
            <Empty description={t`Everything signed for has been remitted`} />
          ) : (
            <Row gutter={[16, 16]}>
              {data.unsettled.map((u) => (
                <Col key={u.currency} xs={24} sm={12} lg={6}>
                  <Tile
                    testId={`unsettled-${u.currency}`}
                    title={t`${format.count(u.orderCount)} orders`}
                    value={format.money(u.amount, u.currency)}
                    link={{
                      to: '/admin/report/closedLoopData',
                      search: { state: 2, timeBasis: 'sign', startTime: unremittedSince },
                    }}
                  />
                </Col>
              ))}
            </Row>
          )}
        </Card>
      )}
    </Space>
  );
}
