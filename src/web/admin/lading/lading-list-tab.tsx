import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import type { LadingRecord } from '../../../shared/contract/lading.ts';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { useListScreen } from '../kit/use-list-screen.ts';
import { useLadingColumns } from './lading-columns.tsx';
import { LadingDetail } from './lading-detail.tsx';
import { LadingFilters } from './lading-filters.tsx';
import { LadingToolbar } from './lading-toolbar.tsx';
import { ladingList } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/ladingBll/manage');

/**
 * The Lading bills tab of /admin/ladingBll/manage: the bills with their filters, page, sort and
 * open bill in the URL, the operations, imports and exports; a bill's number opens its detail.
 */
export function LadingListTab() {
  const { t } = useLingui();
  const screen = useListScreen({
    route: routeApi,
    ...ladingList,
  });
  const openBill = (id: number | undefined) =>
    screen.navigate((prev) => ({ ...prev, open: id }), id === undefined);
  const columns = useLadingColumns((b) => openBill(b.recId));

  return (
    <ListFrame
      testId="lading-list-page"
      title={t`Lading bills`}
      filters={<LadingFilters value={screen.filters} onSearch={screen.onSearch} />}
    >
      <ListTable<LadingRecord>
        listKey="lading"
        testId="lading-table"
        columns={columns}
        empty={t`No lading bills found`}
        {...screen.table}
        toolbar={
          <LadingToolbar
            selected={screen.selected}
            filters={screen.filters}
            onChanged={screen.refresh}
            onCreated={(bill) => openBill(bill.recId)}
            onBatched={(batch) => screen.navigate(() => ({ tab: 'batches', open: batch.recId }))}
          />
        }
      />
      <LadingDetail id={screen.search.open} onClose={() => openBill(undefined)} />
    </ListFrame>
  );
}
