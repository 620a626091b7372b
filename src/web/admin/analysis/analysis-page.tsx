import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { Card, Flex, Tabs, Typography } from 'antd';
import { useCan } from '../../session/permissions.ts';
import { isolate } from '../../ui/bidi.tsx';
import { compact } from '../kit/search.ts';
import { AnalysisFilters } from './analysis-filters.tsx';
import { BreakdownPanel } from './breakdown-panel.tsx';
import { ExceptionPanel } from './exception-panel.tsx';
import { type AnalysisSearch, type AnalysisTab, analysisFiltersOf } from './search.ts';
import { StatisticsPanel } from './statistics-panel.tsx';

const staffRoute = getRouteApi('/_desk/admin/report/analysis');
const customerRoute = getRouteApi('/_desk/admin/user/analysis');

/** /admin/report/analysis: the whole business, any customer. */
export function AnalysisPage() {
  const search = staffRoute.useSearch();
  const navigate = staffRoute.useNavigate();
  const canExport = useCan('analysis:export');
  return (
    <AnalysisScreen
      search={search}
      staff
      canExport={canExport}
      go={(next) => void navigate({ search: next })}
    />
  );
}

/** /admin/user/analysis: a customer account's own orders (the server confines it whatever it asks). */
export function MyAnalysisPage() {
  const search = customerRoute.useSearch();
  const navigate = customerRoute.useNavigate();
  return (
    <AnalysisScreen search={search} staff={false} canExport go={(next) => void navigate({ search: next })} />
  );
}

/**
 * The analysis screen: the filters above, then three tabs (statistics, exceptions, breakdowns) with
 * charts and tables. Everything chosen lives in the URL.
 */
function AnalysisScreen({
  search,
  staff,
  canExport,
  go,
}: {
  search: AnalysisSearch;
  staff: boolean;
  canExport: boolean;
  go: (next: AnalysisSearch) => void;
}) {
  const { t } = useLingui();
  const filters = analysisFiltersOf(search);
  const tab: AnalysisTab = search.tab ?? 'statistics';
  const update = (next: Partial<AnalysisSearch>) => go(compact({ ...search, ...next }) as AnalysisSearch);

  return (
    <Flex vertical gap={16} data-testid="analysis-page">
      <Card size="small">
        <AnalysisFilters
          value={filters}
          staff={staff}
          onSearch={(values) =>
            go(
              compact({
                tab: search.tab,
                groupBy: search.groupBy,
                metric: search.metric,
                currency: search.currency,
                ...values,
              }) as AnalysisSearch,
            )
          }
        />
      </Card>
      <Card
        title={staff ? t`Order analysis` : t`My analysis`}
        extra={
          <Typography.Text type="secondary" data-testid="analysis-days">
            {t`${isolate(filters.startDate)} to ${isolate(filters.endDate)}`}
          </Typography.Text>
        }
      >
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            update({
              tab: key === 'statistics' ? undefined : (key as AnalysisTab),
              kind: undefined,
              pageNo: undefined,
            })
          }
          items={[
            {
              key: 'statistics',
              label: t`Statistics`,
              children: (
                <StatisticsPanel
                  filters={filters}
                  search={search}
                  update={update}
                  staff={staff}
                  canExport={canExport}
                />
              ),
            },
            {
              key: 'exception',
              label: t`Exceptions`,
              children: (
                <ExceptionPanel
                  filters={filters}
                  search={search}
                  update={update}
                  canExport={canExport}
                  staff={staff}
                />
              ),
            },
            {
              key: 'breakdown',
              label: t`Breakdown`,
              children: <BreakdownPanel filters={filters} staff={staff} canExport={canExport} />,
            },
          ]}
          destroyOnHidden
        />
      </Card>
    </Flex>
  );
}
