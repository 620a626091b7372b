import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { BatchRecord } from '../../../shared/contract/batch.ts';
import { batchKeys, batchQueries } from '../../api/queries/batch.ts';
import { compact } from '../carrier/search.ts';
import { DEFAULT_PAGE_SIZE } from '../lading/search.ts';
import { PagedTable } from '../shared/paged-table.tsx';
import { ListFrame } from '../system/list-frame.tsx';
import { useBatchColumns } from './batch-columns.tsx';
import { BatchDetailDrawer } from './batch-detail.tsx';
import { BatchFilters } from './batch-filters.tsx';
import { BatchToolbar } from './batch-toolbar.tsx';
import { type BatchFilterValues, batchFiltersOf } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/ladingBll/manage');

/**
 * The Batches tab of /admin/ladingBll/manage (spec: batch list and batch order detail): batches with
 * their air cargo, filters, page and open batch in the URL, the operations, imports and exports.
 */
export function BatchListTab() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const filterValues: BatchFilterValues = batchFiltersOf(search);
  const list = useQuery(batchQueries.list(i18n.locale, { ...filterValues, pageNo, pageSize }));
  const [selected, setSelected] = useState<BatchRecord[]>([]);
  const openBatch = (id: number | undefined) =>
    void navigate({ search: (prev) => ({ ...prev, open: id }), replace: id === undefined });
  const columns = useBatchColumns((b) => openBatch(b.recId));

  return (
    <ListFrame
      testId="batch-list-page"
      title={t`Batches`}
      filters={
        <BatchFilters
          value={filterValues}
          onSearch={(values) => {
            setSelected([]);
            void navigate({ search: { tab: 'batches', ...compact(values) } });
          }}
        />
      }
    >
      <BatchToolbar
        selected={selected}
        filters={filterValues}
        onChanged={() => {
          setSelected([]);
          void queryClient.invalidateQueries({ queryKey: batchKeys.all() });
        }}
        onCreated={(batch) => openBatch(batch.recId)}
      />
      <PagedTable<BatchRecord>
        testId="batch-table"
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
        empty={t`No batches found`}
      />
      <BatchDetailDrawer
        id={search.open}
        onClose={() => openBatch(undefined)}
        onOpenLading={(ladingId) => void navigate({ search: { open: ladingId } })}
      />
    </ListFrame>
  );
}
