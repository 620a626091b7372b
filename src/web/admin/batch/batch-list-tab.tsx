import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import type { BatchRecord } from '../../../shared/contract/batch.ts';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { useListScreen } from '../kit/use-list-screen.ts';
import { useBatchColumns } from './batch-columns.tsx';
import { BatchDetailDrawer } from './batch-detail.tsx';
import { BatchFilters } from './batch-filters.tsx';
import { BatchToolbar } from './batch-toolbar.tsx';
import { batchList } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/ladingBll/manage');

/**
 * The Batches tab of /admin/ladingBll/manage (spec: batch list and batch order detail): batches with
 * their air cargo, filters, page, sort and open batch in the URL, the operations, imports and exports.
 */
export function BatchListTab() {
  const { t } = useLingui();
  const screen = useListScreen({
    route: routeApi,
    ...batchList,
    keep: ['tab'],
  });
  const openBatch = (id: number | undefined) =>
    screen.navigate((prev) => ({ ...prev, open: id }), id === undefined);
  const columns = useBatchColumns((b) => openBatch(b.recId));

  return (
    <ListFrame
      testId="batch-list-page"
      title={t`Batches`}
      filters={<BatchFilters value={screen.filters} onSearch={screen.onSearch} />}
    >
      <ListTable<BatchRecord>
        listKey="batch"
        testId="batch-table"
        columns={columns}
        empty={t`No batches found`}
        {...screen.table}
        toolbar={
          <BatchToolbar
            selected={screen.selected}
            filters={screen.filters}
            onChanged={screen.refresh}
            onCreated={(batch) => openBatch(batch.recId)}
          />
        }
      />
      <BatchDetailDrawer
        id={screen.search.open}
        onClose={() => openBatch(undefined)}
        onOpenLading={(ladingId) => screen.navigate(() => ({ open: ladingId }))}
      />
    </ListFrame>
  );
}
