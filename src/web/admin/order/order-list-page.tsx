import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Empty, Table, Typography } from 'antd';
import { useState } from 'react';
import type { OrderRecord } from '../../../shared/contract/order.ts';
import { orderStaffKeys, orderStaffQueries } from '../../api/queries/order-staff.ts';
import { ListFrame } from '../kit/list-frame.tsx';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';
import { useOrderColumns } from './order-columns.tsx';
import { OrderFilters } from './order-filters.tsx';
import { OrderToolbar } from './order-toolbar.tsx';
import { type OrderFilterValues, orderFiltersOf } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/order/list/');

/** /admin/order/list: every order staff may see, with its filters and page in the URL, and the operations. */
export function OrderListPage() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const { pageNo: _p, pageSize: _s, ...filterValues } = search;
  const filters = orderFiltersOf(filterValues);
  const list = useQuery(orderStaffQueries.list(i18n.locale, { ...filters, pageNo, pageSize }));
  const [selected, setSelected] = useState<OrderRecord[]>([]);
  const columns = useOrderColumns();
  const total = list.data?.total ?? 0;
  const capped = list.data?.totalCapped === true;
  const cap = i18n.number(total);

  return (
    <ListFrame
      testId="order-list-page"
      title={t`Orders`}
      filters={
        <OrderFilters
          value={filterValues}
          onSearch={(values: OrderFilterValues) => {
            setSelected([]);
            void navigate({ search: compact(values) });
          }}
        />
      }
    >
      <OrderToolbar
        selected={selected}
        filters={filters}
        onChanged={() => {
          setSelected([]);
          void queryClient.invalidateQueries({ queryKey: orderStaffKeys.orders() });
        }}
      />
      <Table<OrderRecord>
        data-testid="order-table"
        rowKey="recId"
        size="middle"
        columns={columns}
        dataSource={list.data?.records}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: selected.map((o) => o.recId),
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
        }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No orders found`} />,
        }}
        pagination={{
          current: pageNo,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100, 200],
          showTotal: () => (
            <Typography.Text data-testid="order-total">
              {capped ? t`${cap}+ orders` : t`${cap} in total`}
            </Typography.Text>
          ),
          onChange: (next, size) =>
            void navigate({
              search: (prev) => ({ ...prev, pageNo: size !== pageSize ? 1 : next, pageSize: size }),
            }),
        }}
      />
    </ListFrame>
  );
}
