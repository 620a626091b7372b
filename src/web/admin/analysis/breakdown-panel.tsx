import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row } from 'antd';
import { type ReactNode, useMemo } from 'react';
import type { Share } from '../../../shared/contract/analysis.ts';
import { type AnalysisFiltersBody, analysisMutations, analysisQueries } from '../../api/queries/analysis.ts';
import { Chart } from '../kit/chart.tsx';
import { ExportAction } from '../kit/export-action.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { funnelOption, rankingOption, shareOption } from './chart-options.ts';
import { type AnalysisFormat, useAnalysisFormat } from './format.ts';

function ShareTable({ items, total, f }: { items: Share[]; total: number; f: AnalysisFormat }) {
  const { t } = useLingui();
  return (
    <RowsTable<Share>
      rowKey="key"
      rows={items}
      columns={[
        { title: t`Name`, dataIndex: 'name' },
        { title: t`Orders`, align: 'end', render: (_, s) => f.count(s.orders) },
        { title: t`Share`, align: 'end', render: (_, s) => f.percent(s.orders, total) },
        { title: t`Chargeable weight (kg)`, align: 'end', render: (_, s) => f.kg(s.weightKg) },
        { title: t`COD orders`, align: 'end', render: (_, s) => f.count(s.codOrders) },
      ]}
    />
  );
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Col xs={24} xl={12}>
      <Card size="small" title={title} data-testid={testId} style={{ blockSize: '100%' }}>
        <Flex vertical gap={12}>
          {children}
        </Flex>
      </Card>
    </Col>
  );
}

/**
 * The orders broken down: the status funnel and the current statuses, then the shares of
 * destinations, channels, customers (staff only) and last-mile carriers, each as a chart and a table.
 */
export function BreakdownPanel({
  filters,
  staff,
  canExport,
}: {
  filters: AnalysisFiltersBody;
  staff: boolean;
  canExport: boolean;
}) {
  const { t, i18n } = useLingui();
  const f = useAnalysisFormat();
  const query = useQuery(analysisQueries.orderAnalysis(i18n.locale, filters));
  const exporting = useMutation(analysisMutations.exportOrderAnalysis());
  const d = query.data;
  // Options change only with the answer or the language: a chart redraws when they do.
  const charts = useMemo(() => {
    if (!d) return null;
    const named = (xs: { name: string; orders: number }[]) =>
      xs.map((x) => ({ name: x.name, value: x.orders }));
    return {
      funnel: funnelOption(f.chart, named(d.funnel)),
      statuses: rankingOption(f.chart, named(d.statuses)),
      country: shareOption(f.chart, named(d.countries)),
      channel: shareOption(f.chart, named(d.channels)),
      customer: rankingOption(f.chart, named(d.customers)),
      carrier: shareOption(f.chart, named(d.carriers)),
    };
  }, [d, f]);
  if (!d || !charts) return <Card loading />;
  if (d.orders === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No orders on these days`} />;
  const shares: { title: string; key: 'country' | 'channel' | 'customer' | 'carrier'; items: Share[] }[] = [
    { title: t`Destination`, key: 'country', items: d.countries },
    { title: t`Shipping channel`, key: 'channel', items: d.channels },
    ...(staff ? [{ title: t`Customer`, key: 'customer' as const, items: d.customers }] : []),
    { title: t`Last-mile carrier`, key: 'carrier', items: d.carriers },
  ];

  return (
    <Flex vertical gap={16} data-testid="analysis-breakdown">
      <Flex justify="flex-end">
        {canExport && <ExportAction start={() => exporting.mutateAsync(filters)} />}
      </Flex>
      <Row gutter={[16, 16]}>
        <Section title={t`Status funnel`} testId="analysis-funnel">
          <Chart option={charts.funnel} label={t`Status funnel`} height={340} />
        </Section>
        <Section title={t`Current status`} testId="analysis-statuses">
          <Chart option={charts.statuses} label={t`Orders by current status`} height={340} />
        </Section>
        {shares.map((s) => (
          <Section key={s.key} title={s.title} testId={`analysis-share-${s.key}`}>
            <Chart option={charts[s.key]} label={s.title} height={300} />
            <ShareTable items={s.items} total={d.orders} f={f} />
          </Section>
        ))}
      </Row>
    </Flex>
  );
}
