import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex } from 'antd';
import { useMemo } from 'react';
import type { ExceptionData } from '../../../shared/contract/analysis.ts';
import { type AnalysisFiltersBody, analysisMutations, analysisQueries } from '../../api/queries/analysis.ts';
import { Chart } from '../kit/chart.tsx';
import { ExportAction } from '../kit/export-action.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { dailyOption } from './chart-options.ts';
import { ExceptionOrders } from './exception-orders.tsx';
import { useAnalysisFormat } from './format.ts';
import type { AnalysisSearch } from './search.ts';

type Kind = ExceptionData['kinds'][number];

/**
 * Exceptions: the problem orders of each kind by day (stacked), each kind's total, rate and open
 * ones; choosing a kind lists its orders below.
 */
export function ExceptionPanel({
  filters,
  search,
  update,
  canExport,
  staff,
}: {
  filters: AnalysisFiltersBody;
  search: AnalysisSearch;
  update: (next: Partial<AnalysisSearch>) => void;
  canExport: boolean;
  staff: boolean;
}) {
  const { t, i18n } = useLingui();
  const f = useAnalysisFormat();
  const query = useQuery(analysisQueries.exception(i18n.locale, filters));
  const exporting = useMutation(analysisMutations.exportException());
  const data = query.data;
  const option = useMemo(
    () =>
      data
        ? dailyOption(
            f.chart,
            data.days,
            data.kinds.filter((k) => k.orders > 0).map((k) => ({ name: k.name, values: k.byDay })),
            'bar',
          )
        : null,
    [data, f],
  );
  const chosen = data?.kinds.find((k) => k.kind === search.kind);

  return (
    <Flex vertical gap={16} data-testid="analysis-exception">
      <Flex justify="flex-end">
        {canExport && <ExportAction start={() => exporting.mutateAsync(filters)} />}
      </Flex>
      <Card size="small" title={t`Problem orders by day`}>
        {option && data?.kinds.some((k) => k.orders > 0) ? (
          <Chart
            option={option}
            label={t`Problem orders by day`}
            height={320}
            testId="analysis-exception-chart"
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No problem orders on these days`} />
        )}
      </Card>
      <RowsTable<Kind>
        testId="analysis-kinds"
        rowKey="kind"
        size="middle"
        loading={query.isFetching}
        rows={data?.kinds ?? []}
        rowClassName={(k) => (k.kind === search.kind ? 'ant-table-row-selected' : '')}
        columns={[
          { title: t`Exception`, dataIndex: 'name' },
          { title: t`Orders`, align: 'end', render: (_, k) => f.count(k.orders) },
          { title: t`Rate`, align: 'end', render: (_, k) => f.percent(k.orders, data?.orders ?? 0) },
          { title: t`Open`, align: 'end', render: (_, k) => (k.open === null ? '—' : f.count(k.open)) },
          {
            title: t`Orders behind it`,
            render: (_, k) => (
              <Button
                type="link"
                disabled={k.orders === 0}
                onClick={() => update({ kind: k.kind, pageNo: undefined, openOnly: undefined })}
              >
                {t`View orders`}
              </Button>
            ),
          },
        ]}
      />
      {chosen && (
        <ExceptionOrders
          filters={filters}
          kind={chosen.kind}
          title={chosen.name}
          openable={chosen.open !== null}
          search={search}
          update={update}
          canExport={canExport}
          staff={staff}
        />
      )}
    </Flex>
  );
}
