import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Flex, Form, Radio } from 'antd';
import type { ReportRow, ReportTotals as Totals } from '../../../shared/contract/report.ts';
import { reportMutations, reportQueries } from '../../api/queries/report.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { ChannelItem, CountryItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { compact } from '../kit/search.ts';
import { type GroupColumn, GroupTable, moneyColumns, useCountColumns } from './group-table.tsx';
import { CustomerField, GranularityField, RangeField } from './report-fields.tsx';
import { reportFiltersOf, type WaybillSearch } from './waybill-search.ts';

const routeApi = getRouteApi('/_desk/admin/report/waybill/');

const useReport = (locale: string, search: WaybillSearch) =>
  useQuery(
    reportQueries.report(locale, {
      ...reportFiltersOf(search),
      pageNo: search.pageNo ?? 1,
      pageSize: search.pageSize ?? 20,
    }),
  );

/**
 * report/waybill: per customer and day or month (by creation or arrival), the orders' counts,
 * weights, fees by type and COD amounts per currency, with the totals of the whole selection; a
 * row's period opens its orders (report/waybill/{id}). Filters and page live in the URL.
 */
export function WaybillReportPage() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const canExport = useCan('report:export');
  const filters = reportFiltersOf(search);
  const report = useReport(i18n.locale, search);
  const exportRows = useMutation(reportMutations.reportExport());
  const exportOrders = useMutation(reportMutations.reportOrdersExport());

  const columns: GroupColumn<ReportRow, Totals>[] = [
    {
      key: 'customer',
      title: t`Customer`,
      fixed: 'start',
      render: (r) => <span title={r.customerName}>{r.customerCode}</span>,
    },
    {
      key: 'period',
      title: t`Period`,
      render: (r) => (
        <Link
          to="/admin/report/waybill/$id"
          params={{ id: r.id }}
          search={compact({
            name: `${r.customerCode} ${r.period}`,
            timeBasis: filters.timeBasis,
            channelId: search.channelId,
            countryId: search.countryId,
          })}
          dir="ltr"
        >
          {r.period}
        </Link>
      ),
    },
    ...useCountColumns<ReportRow, Totals>(),
    ...moneyColumns<ReportRow['amounts'][number], ReportRow, Totals>([
      { key: 'freight', title: t`Freight` },
      { key: 'codFee', title: t`COD service fee` },
      { key: 'otherFee', title: t`Other fees` },
      { key: 'totalFee', title: t`Total fees` },
      { key: 'codAmount', title: t`COD amount` },
    ]),
  ];

  const filterForm = (
    <FilterForm
      value={filters}
      onSearch={(v) => void navigate({ search: compact(v) as WaybillSearch })}
      range="dates"
      label={t`Filter the waybill report`}
    >
      <CustomerField />
      <RangeField label={t`Dates`} />
      <GranularityField />
      <Form.Item name="timeBasis" label={t`By`}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'create', label: t`Creation` },
            { value: 'arrival', label: t`Arrival` },
          ]}
        />
      </Form.Item>
      <ChannelItem label={t`Shipping channel`} orderable />
      <CountryItem label={t`Destination country`} />
    </FilterForm>
  );

  return (
    <ListFrame
      testId="waybill-report-page"
      title={t`Waybill report`}
      filters={filterForm}
      actions={
        canExport && (
          <Flex gap={8} wrap>
            <ExportAction start={() => exportRows.mutateAsync(filters)} />
            <ExportAction label={t`Export orders`} start={() => exportOrders.mutateAsync(filters)} />
          </Flex>
        )
      }
    >
      <GroupTable<ReportRow, Totals>
        testId="waybill-report-table"
        page={report.data}
        totals={report.data?.totals}
        columns={columns}
        rowKey={(r) => r.id}
        loading={report.isFetching}
        empty={t`No orders in these dates`}
        onPage={(pageNo, pageSize) => void navigate({ search: (prev) => ({ ...prev, pageNo, pageSize }) })}
      />
    </ListFrame>
  );
}
