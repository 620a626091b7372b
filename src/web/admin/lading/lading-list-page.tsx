import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Empty, Table, Typography } from 'antd';
import { useState } from 'react';
import type { LadingRecord } from '../../../shared/contract/lading.ts';
import { ladingKeys, ladingQueries } from '../../api/queries/lading.ts';
import { compact } from '../carrier/search.ts';
import { ListFrame } from '../system/list-frame.tsx';
import { useLadingColumns } from './lading-columns.tsx';
import { LadingDetail } from './lading-detail.tsx';
import { LadingFilters } from './lading-filters.tsx';
import { LadingToolbar } from './lading-toolbar.tsx';
import { DEFAULT_PAGE_SIZE, type LadingFilterValues, ladingFiltersOf } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/ladingBll/manage');

/**
 * /admin/ladingBll/manage: the lading bills with their filters, page and open bill in the URL, the
 * operations, imports and exports; a bill's number opens its detail.
 */
export function LadingListPage() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const { pageNo: _p, pageSize: _s, open, ...filterValues } = search;
  const filters = ladingFiltersOf(filterValues);
  const list = useQuery(ladingQueries.list(i18n.locale, { ...filters, pageNo, pageSize }));
  const [selected, setSelected] = useState<LadingRecord[]>([]);
  const openBill = (id: number | undefined) =>
    void navigate({ search: (prev) => ({ ...prev, open: id }), replace: id === undefined });
  const columns = useLadingColumns((b) => openBill(b.recId));
  const total = list.data?.total ?? 0;
  const capped = list.data?.totalCapped === true;
  const cap = i18n.number(total);
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
        filters={filters}
        onChanged={refresh}
        onCreated={(bill) => openBill(bill.recId)}
      />
      <Table<LadingRecord>
        data-testid="lading-table"
        rowKey="recId"
        size="middle"
        columns={columns}
        dataSource={list.data?.records}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: selected.map((b) => b.recId),
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
        }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No lading bills found`} />,
        }}
        pagination={{
          current: pageNo,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100, 200],
          showTotal: () => (
            <Typography.Text data-testid="lading-total">
              {capped ? t`${cap}+ bills` : t`${cap} in total`}
            </Typography.Text>
          ),
          onChange: (next, size) =>
            void navigate({
              search: (prev) => ({ ...prev, pageNo: size !== pageSize ? 1 : next, pageSize: size }),
            }),
        }}
      />
      <LadingDetail id={open} onClose={() => openBill(undefined)} />
    </ListFrame>
  );
}
