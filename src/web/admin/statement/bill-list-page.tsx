import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Flex, Tag } from 'antd';
import type { BillRecord, BillTotals as Totals } from '../../../shared/contract/statement.ts';
import { statementMutations, statementQueries } from '../../api/queries/statement.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { compact } from '../kit/search.ts';
import { type GroupColumn, GroupTable, moneyColumns, useCountColumns } from '../report/group-table.tsx';
import { CustomerField, RangeField } from '../report/report-fields.tsx';
import { type BillSearch, billFiltersOf } from './bill-search.ts';

const routeApi = getRouteApi('/_desk/admin/report/logisticsbill/');

/**
 * report/logisticsbill: the customers' bills of the periods overlapping the dates (each bill one
 * period of its customer's settlement cycle, by the day its orders were signed or returned), with
 * fees, COD collected and the net per currency, and the totals of the selection. A bill's period
 * opens it (report/logisticsbill/{id}).
 */
export function BillListPage() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const canExport = useCan('statement:export');
  const filters = billFiltersOf(search);
  const bills = useQuery(
    statementQueries.bills(i18n.locale, {
      ...filters,
      pageNo: search.pageNo ?? 1,
      pageSize: search.pageSize ?? 20,
    }),
  );
  const exportBills = useMutation(statementMutations.billsExport());
  const exportLines = useMutation(statementMutations.billLinesExport());

  const columns: GroupColumn<BillRecord, Totals>[] = [
    {
      key: 'customer',
      title: t`Customer`,
      fixed: 'start',
      render: (b) => <span title={b.customerName}>{b.customerCode}</span>,
    },
    {
      key: 'period',
      title: t`Bill period`,
      render: (b) => (
        <Link
          to="/admin/report/logisticsbill/$id"
          params={{ id: b.id }}
          search={{ name: `${b.customerCode} ${b.startDate}` }}
          dir="ltr"
        >
          {b.startDate === b.endDate ? b.startDate : `${b.startDate} – ${b.endDate}`}
        </Link>
      ),
    },
    {
      key: 'cycle',
      title: t`Settlement cycle`,
      render: (b) => (
        <Flex gap={4} wrap>
          {b.cycleName}
          {b.open && <Tag color="processing">{t`Open`}</Tag>}
        </Flex>
      ),
    },
    ...useCountColumns<BillRecord, Totals>(),
    ...moneyColumns<BillRecord['amounts'][number], BillRecord, Totals>([
      { key: 'freight', title: t`Freight` },
      { key: 'codFee', title: t`COD service fee` },
      { key: 'otherFee', title: t`Other fees` },
      { key: 'totalFee', title: t`Total fees` },
      { key: 'codCollected', title: t`COD collected` },
      { key: 'net', title: t`Net amount` },
    ]),
  ];

  const filterForm = (
    <FilterForm
      value={filters}
      onSearch={(v) => void navigate({ search: compact(v) as BillSearch })}
      range="dates"
      label={t`Filter the logistics bills`}
    >
      <CustomerField />
      <RangeField label={t`Signed or returned between`} />
    </FilterForm>
  );

  return (
    <ListFrame
      testId="bill-list-page"
      title={t`Logistics bills`}
      filters={filterForm}
      actions={
        canExport && (
          <Flex gap={8} wrap>
            <ExportAction start={() => exportBills.mutateAsync(filters)} />
            <ExportAction label={t`Export bill orders`} start={() => exportLines.mutateAsync(filters)} />
          </Flex>
        )
      }
    >
      <GroupTable<BillRecord, Totals>
        testId="bill-table"
        page={bills.data}
        totals={bills.data?.totals}
        columns={columns}
        rowKey={(b) => b.id}
        loading={bills.isFetching}
        empty={t`No bills in these dates`}
        onPage={(pageNo, pageSize) => void navigate({ search: (prev) => ({ ...prev, pageNo, pageSize }) })}
      />
    </ListFrame>
  );
}
