import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Segmented, Select, Statistic, Typography } from 'antd';
import { useMemo } from 'react';
import type { Figures, Money, StatisticsData } from '../../../shared/contract/analysis.ts';
import type { AnalysisGroup } from '../../../shared/domain/analysis.ts';
import { type AnalysisFiltersBody, analysisMutations, analysisQueries } from '../../api/queries/analysis.ts';
import { Chart } from '../kit/chart.tsx';
import { ExportAction } from '../kit/export-action.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { dailyOption } from './chart-options.ts';
import { type AnalysisFormat, useAnalysisFormat } from './format.ts';
import type { AnalysisSearch, Metric } from './search.ts';

const MONEY_METRIC = { codAmount: 'codAmount', freight: 'freight', codFee: 'codFee' } as const;
const isMoney = (m: Metric): m is keyof typeof MONEY_METRIC => m in MONEY_METRIC;
const moneyOf = (f: Figures, m: keyof typeof MONEY_METRIC): Money[] =>
  m === 'codAmount' ? f.codAmounts : m === 'freight' ? f.freight : f.codFees;

/** The chart's values of one series for the chosen metric (an amount in the chosen currency). */
function valuesOf(
  s: StatisticsData['series'][number],
  metric: Metric,
  currency: string | undefined,
): number[] {
  if (metric === 'orders') return s.orders;
  if (metric === 'codOrders') return s.codOrders;
  if (metric === 'weightKg') return s.weightKg.map(Number);
  const m = s.money.find((x) => x.metric === MONEY_METRIC[metric] && x.currency === currency);
  return m ? m.values.map(Number) : s.orders.map(() => 0);
}

function Amounts({ list, f }: { list: readonly Money[]; f: AnalysisFormat }) {
  if (list.length === 0) return <>—</>;
  return (
    <Flex vertical>
      {list.map((m) => (
        <span key={m.currency}>{f.money(m)}</span>
      ))}
    </Flex>
  );
}

/**
 * Statistics: the totals, a chart by day of the chosen metric for the largest groups, and every
 * group in a table. Group-by, metric and currency live in the URL.
 */
export function StatisticsPanel({
  filters,
  search,
  update,
  staff,
  canExport,
}: {
  filters: AnalysisFiltersBody;
  search: AnalysisSearch;
  update: (next: Partial<AnalysisSearch>) => void;
  staff: boolean;
  canExport: boolean;
}) {
  const { t, i18n } = useLingui();
  const f = useAnalysisFormat();
  const groupBy: AnalysisGroup = search.groupBy ?? 'none';
  const metric: Metric = search.metric ?? 'orders';
  const body = { ...filters, groupBy };
  const query = useQuery(analysisQueries.statistics(i18n.locale, body));
  const exporting = useMutation(analysisMutations.exportStatistics());
  const data = query.data;
  const currencies = data && isMoney(metric) ? moneyOf(data.totals, metric).map((m) => m.currency) : [];
  const currency = search.currency && currencies.includes(search.currency) ? search.currency : currencies[0];

  const option = useMemo(
    () =>
      data
        ? dailyOption(
            f.chart,
            data.days,
            data.series.map((s) => ({ name: s.name, values: valuesOf(s, metric, currency) })),
          )
        : null,
    [data, metric, currency, f],
  );

  const groups: { value: AnalysisGroup; label: string }[] = [
    { value: 'none', label: t`All orders` },
    ...(staff ? [{ value: 'customer' as const, label: t`Customer` }] : []),
    { value: 'channel', label: t`Shipping channel` },
    { value: 'country', label: t`Destination` },
    { value: 'status', label: t`Status` },
  ];
  const metrics: { value: Metric; label: string }[] = [
    { value: 'orders', label: t`Orders` },
    { value: 'weightKg', label: t`Chargeable weight (kg)` },
    { value: 'codOrders', label: t`COD orders` },
    { value: 'codAmount', label: t`COD amount` },
    { value: 'freight', label: t`Freight` },
    { value: 'codFee', label: t`COD service fee` },
  ];
  const totals = data?.totals;

  return (
    <Flex vertical gap={16} data-testid="analysis-statistics">
      <Flex wrap gap={12} align="center" justify="space-between">
        <Flex wrap gap={12} align="center">
          <Segmented<AnalysisGroup>
            aria-label={t`Group by`}
            data-testid="analysis-group-by"
            value={groupBy}
            options={groups}
            onChange={(v) => update({ groupBy: v === 'none' ? undefined : v })}
          />
          <Select<Metric>
            aria-label={t`Figure`}
            style={{ inlineSize: 200 }}
            value={metric}
            options={metrics}
            onChange={(v) => update({ metric: v === 'orders' ? undefined : v, currency: undefined })}
          />
          {isMoney(metric) && (
            <Select
              aria-label={t`Currency`}
              style={{ inlineSize: 100 }}
              value={currency}
              placeholder={t`Currency`}
              options={currencies.map((c) => ({ value: c, label: c }))}
              onChange={(v: string) => update({ currency: v })}
            />
          )}
        </Flex>
        {canExport && <ExportAction start={() => exporting.mutateAsync(body)} />}
      </Flex>

      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t`Orders`} value={f.count(totals?.orders ?? 0)} loading={!totals} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title={t`Chargeable weight (kg)`}
              value={f.kg(totals?.weightKg ?? 0)}
              loading={!totals}
            />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t`COD orders`} value={f.count(totals?.codOrders ?? 0)} loading={!totals} />
            {totals && (
              <Typography.Text type="secondary">
                <Amounts list={totals.codAmounts} f={f} />
              </Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small" title={t`Fees`} styles={{ header: { minBlockSize: 32 } }}>
            {totals ? (
              <Flex vertical gap={4}>
                <Typography.Text type="secondary">{t`Freight`}</Typography.Text>
                <Amounts list={totals.freight} f={f} />
                <Typography.Text type="secondary">{t`COD service fee`}</Typography.Text>
                <Amounts list={totals.codFees} f={f} />
              </Flex>
            ) : null}
          </Card>
        </Col>
      </Row>

      <Card size="small" title={metrics.find((m) => m.value === metric)?.label}>
        {option && data && data.totals.orders > 0 ? (
          <Chart option={option} label={t`Orders by day`} height={340} testId="analysis-daily-chart" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No orders on these days`} />
        )}
      </Card>

      <RowsTable
        testId="analysis-groups"
        rowKey="key"
        size="middle"
        loading={query.isFetching}
        rows={data?.groups ?? []}
        localPageSize={20}
        columns={[
          {
            title: t`Group`,
            dataIndex: 'name',
            render: (name: string, g) => (
              <span>
                {name}
                {g.code && groupBy !== 'status' ? (
                  <Typography.Text type="secondary"> ({g.code})</Typography.Text>
                ) : null}
              </span>
            ),
          },
          { title: t`Orders`, align: 'end', render: (_, g) => f.count(g.figures.orders) },
          {
            title: t`Share`,
            align: 'end',
            render: (_, g) => f.percent(g.figures.orders, totals?.orders ?? 0),
          },
          { title: t`Chargeable weight (kg)`, align: 'end', render: (_, g) => f.kg(g.figures.weightKg) },
          { title: t`COD orders`, align: 'end', render: (_, g) => f.count(g.figures.codOrders) },
          {
            title: t`COD amount`,
            align: 'end',
            render: (_, g) => <Amounts list={g.figures.codAmounts} f={f} />,
          },
          { title: t`Freight`, align: 'end', render: (_, g) => <Amounts list={g.figures.freight} f={f} /> },
          {
            title: t`COD service fee`,
            align: 'end',
            render: (_, g) => <Amounts list={g.figures.codFees} f={f} />,
          },
        ]}
      />
    </Flex>
  );
}
