import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { LadingRecord } from '../../../shared/contract/lading.ts';
import { ladingKeys, ladingQueries } from '../../api/queries/lading.ts';
import { compact } from '../carrier/search.ts';
import { PagedTable } from '../shared/paged-table.tsx';
import { ListFrame } from '../system/list-frame.tsx';
import { useLadingColumns } from './lading-columns.tsx';
import { LadingDetail } from './lading-detail.tsx';
import { LadingFilters } from './lading-filters.tsx';
import { LadingToolbar } from './lading-toolbar.tsx';
import { DEFAULT_PAGE_SIZE, type LadingFilterValues, ladingFiltersOf } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/ladingBll/manage');

/**
 * The Lading bills tab of /admin/ladingBll/manage: the bills with their filters, page and open bill
 * in the URL, the operations, imports and exports; a bill's number opens its detail.
 */
export function LadingListTab() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const filterValues: LadingFilterValues = ladingFiltersOf(search);
  const list = useQuery(ladingQueries.list(i18n.locale, { ...filterValues, pageNo, pageSize }));
  const [selected, setSelected] = useState<LadingRecord[]>([]);
  const openBill = (id: number | undefined) =>
    void navigate({ search: (prev) => ({ ...prev, open: id }), replace: id === undefined });
  const columns = useLadingColumns((b) => openBill(b.recId));
  const refresh = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: ladingKeys.all() });
  };

  return (
    <ListFrame
      testId="lading-list-page"
      title={t`Lading bills`}
      filters={
        <LadingFilters
          value={filterValues}
          onSearch={(values: LadingFilterValues) => {
            setSelected([]);
            void navigate({ search: compact(values) });
          }}
        />
      }
    >
      <LadingToolbar
        selected={selected}
        filters={filterValues}
        onChanged={refresh}
        onCreated={(bill) => openBill(bill.recId)}
        onBatched={(batch) => void navigate({ search: { tab: 'batches', open: batch.recId } })}
      />
      <PagedTable<LadingRecord>
        testId="lading-table"
        columns={columns}
        answer={list.data}
        loading={list.isFetching}
        pageNo={pageNo}
        pageSize={pageSize}
        onPage={(next, size) =>
          void navigate({ search: (prev) => ({ ...prev, pageNo: next, pageSize: size }) })
        }
        selected={selected}
        onSelect={setSelected}
        empty={t`No lading bills found`}
      />
      <LadingDetail id={search.open} onClose={() => openBill(undefined)} />
    </ListFrame>
  );
}
