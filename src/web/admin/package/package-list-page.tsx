import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import type { PackageRecord } from '../../../shared/contract/package.ts';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { useListScreen } from '../kit/use-list-screen.ts';
import { usePackageColumns } from './package-columns.tsx';
import { PackageDetailDrawer } from './package-detail.tsx';
import { PackageFilters } from './package-filters.tsx';
import { PackageToolbar } from './package-toolbar.tsx';
import { packageList } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/ladingBll/package');

/**
 * /admin/ladingBll/package: packages (merged orders of one consignee), with their filters, page,
 * sort and the open package in the URL, the operations and the exports.
 */
export function PackageListPage() {
  const { t } = useLingui();
  const screen = useListScreen({
    route: routeApi,
    ...packageList,
  });
  const open = (id: number | undefined) => screen.navigate((prev) => ({ ...prev, id }), id === undefined);
  const columns = usePackageColumns((p) => open(p.recId));

  return (
    <ListFrame
      testId="package-list-page"
      title={t`Packages`}
      filters={<PackageFilters value={screen.filters} onSearch={screen.onSearch} />}
    >
      <ListTable<PackageRecord>
        listKey="package"
        testId="package-table"
        columns={columns}
        empty={t`No packages found`}
        {...screen.table}
        toolbar={
          <PackageToolbar selected={screen.selected} filters={screen.filters} onChanged={screen.refresh} />
        }
      />
      <PackageDetailDrawer id={screen.search.id} onClose={() => open(undefined)} />
    </ListFrame>
  );
}
