import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Empty, Table, Typography } from 'antd';
import { useState } from 'react';
import type { PackageRecord } from '../../../shared/contract/package.ts';
import { packageKeys, packageQueries } from '../../api/queries/package.ts';
import { compact } from '../carrier/search.ts';
import { ListFrame } from '../system/list-frame.tsx';
import { usePackageColumns } from './package-columns.tsx';
import { PackageDetailDrawer } from './package-detail.tsx';
import { PackageFilters } from './package-filters.tsx';
import { PackageToolbar } from './package-toolbar.tsx';
import { DEFAULT_PAGE_SIZE, type PackageFilterValues, packageFiltersOf } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/ladingBll/package');

/**
 * /admin/ladingBll/package: packages (merged orders of one consignee), with their filters, page and
 * the open package in the URL, the operations and the exports.
 */
export function PackageListPage() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const { pageNo: _p, pageSize: _s, id: openId, ...filterValues } = search;
  const filters = packageFiltersOf(filterValues);
  const list = useQuery(packageQueries.list(i18n.locale, { ...filters, pageNo, pageSize }));
  const [selected, setSelected] = useState<PackageRecord[]>([]);
  const columns = usePackageColumns((p) => void navigate({ search: (prev) => ({ ...prev, id: p.recId }) }));
  const total = list.data?.total ?? 0;
  const capped = list.data?.totalCapped === true;
  const cap = i18n.number(total);

  return (
    <ListFrame
      testId="package-list-page"
      title={t`Packages`}
      filters={
        <PackageFilters
          value={filterValues}
          onSearch={(values: PackageFilterValues) => {
            setSelected([]);
            void navigate({ search: compact(values) });
          }}
        />
      }
    >
      <PackageToolbar
        selected={selected}
        filters={filters}
        onChanged={() => {
          setSelected([]);
          void queryClient.invalidateQueries({ queryKey: packageKeys.all() });
        }}
      />
      <Table<PackageRecord>
        data-testid="package-table"
        rowKey="recId"
        size="middle"
        columns={columns}
        dataSource={list.data?.records}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: selected.map((p) => p.recId),
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
        }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No packages found`} />,
        }}
        pagination={{
          current: pageNo,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100, 200],
          showTotal: () => (
            <Typography.Text data-testid="package-total">
              {capped ? t`${cap}+ packages` : t`${cap} in total`}
            </Typography.Text>
          ),
          onChange: (next, size) =>
            void navigate({
              search: (prev) => ({ ...prev, pageNo: size !== pageSize ? 1 : next, pageSize: size }),
            }),
        }}
      />
      <PackageDetailDrawer
        id={openId}
        onClose={() => void navigate({ search: (prev) => ({ ...prev, id: undefined }) })}
      />
    </ListFrame>
  );
}
