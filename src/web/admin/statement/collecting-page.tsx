import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Flex, Form, Select, Typography } from 'antd';
import type { CollectedAmounts, CollectingRow } from '../../../shared/contract/statement.ts';
import { CURRENCIES } from '../../../shared/domain/customer.ts';
import { statementMutations, statementQueries } from '../../api/queries/statement.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { compact } from '../kit/search.ts';
import { type GroupColumn, GroupTable } from '../report/group-table.tsx';
import { Money } from '../report/money.tsx';
import { CustomerField, GranularityField, RangeField } from '../report/report-fields.tsx';
import { CollectingOrdersDrawer } from './collecting-orders-drawer.tsx';
import { type CollectingSearch, collectingFiltersOf } from './collecting-search.ts';

const routeApi = getRouteApi('/_desk/admin/report/collecting');

type Totals = CollectedAmounts[];

/** Totals per currency: a line each. */
const lines = (totals: Totals, field: 'codAmount' | 'codFee' | 'net', strong = false) => (
  <Flex vertical align="flex-end">
    {totals.map((x) => (
      <Money key={x.currency} amount={x[field]} currency={x.currency} strong={strong} />
    ))}
  </Flex>
);

/**
 * report/collecting: the COD of signed COD orders per customer, day or month (the day they were
 * signed) and currency — amount, COD service fee, net to remit — with the totals per currency;
 * a row opens its orders in a drawer, with their export.
 */
export function CollectingPage() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const canExport = useCan('collecting:export');
  const filters = collectingFiltersOf(search);
  const list = useQuery(
    statementQueries.collecting(i18n.locale, {
      ...filters,
      pageNo: search.pageNo ?? 1,
      pageSize: search.pageSize ?? 20,
    }),
  );
  const exportAll = useMutation(statementMutations.collectingExport());
  const open = list.data?.records.find((r) => r.id === search.row);

  const count = (title: string, field: 'orderCount') => ({
    key: field,
    title,
    align: 'end' as const,
    render: (r: CollectingRow) => r[field],
    total: (x: Totals) => <Typography.Text strong>{x.reduce((n, c) => n + c[field], 0)}</Typography.Text>,
  });
  const money = (title: string, field: 'codAmount' | 'codFee' | 'net', strong = false) => ({
    key: field,
    title,
    align: 'end' as const,
    render: (r: CollectingRow) => <Money amount={r[field]} currency={r.currency} strong={strong} />,
    total: (x: Totals) => lines(x, field, true),
  });
  const columns: GroupColumn<CollectingRow, Totals>[] = [
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
        <Typography.Link
          dir="ltr"
          onClick={() => void navigate({ search: (prev) => ({ ...prev, row: r.id }) })}
        >
          {r.period}
        </Typography.Link>
      ),
    },
    count(t`Orders`, 'orderCount'),
    money(t`COD collected`, 'codAmount'),
    money(t`COD service fee`, 'codFee'),
    money(t`Net COD`, 'net', true),
  ];

  const filterForm = (
    <FilterForm
      value={filters}
      onSearch={(v) => void navigate({ search: compact(v) as CollectingSearch })}
      range="dates"
      label={t`Filter the COD collected`}
    >
      <CustomerField />
      <RangeField label={t`Signed between`} />
      <GranularityField />
      <Form.Item name="currency" label={t`Currency`}>
        <Select
          allowClear
          style={{ inlineSize: 120 }}
          placeholder={t`All`}
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
        />
      </Form.Item>
    </FilterForm>
  );

  return (
    <ListFrame
      testId="collecting-page"
      title={t`COD collected`}
      filters={filterForm}
      actions={
        canExport && <ExportAction label={t`Export orders`} start={() => exportAll.mutateAsync(filters)} />
      }
    >
      <GroupTable<CollectingRow, Totals>
        testId="collecting-table"
        page={list.data}
        totals={list.data?.totals}
        columns={columns}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        empty={t`No COD collected in these dates`}
        onPage={(pageNo, pageSize) => void navigate({ search: (prev) => ({ ...prev, pageNo, pageSize }) })}
      />
      <CollectingOrdersDrawer
        row={search.row}
        title={open ? `${open.customerCode} ${open.period} ${open.currency}` : t`Orders`}
        onClose={() => void navigate({ search: (prev) => ({ ...prev, row: undefined }) })}
      />
    </ListFrame>
  );
}
