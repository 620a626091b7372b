import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import type { OrderRecord } from '../../../shared/contract/order.ts';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { useListScreen } from '../kit/use-list-screen.ts';
import { useOrderColumns } from '../shared/order-columns.tsx';
import { OrderFilters } from './order-filters.tsx';
import { OrderToolbar } from './order-toolbar.tsx';
import { orderFiltersOf, orderList } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/order/list/');

/**
 * /admin/order/list: every order staff may see, with its filters and page in the URL, and the
 * operations. Newest first (the latest arrivals first for an arrival-time range); the list has no
 * column sorts: it is read from the creation or arrival index of every order, and a sort by weight
 * or COD over all of them would read every match (see docs/notes/issue-41.md).
 */
export function OrderListPage() {
  const { t } = useLingui();
  const screen = useListScreen({
    route: routeApi,
    ...orderList,
  });
  const columns = useOrderColumns();

  return (
    <ListFrame
      testId="order-list-page"
      title={t`Orders`}
      filters={<OrderFilters value={screen.filters} onSearch={screen.onSearch} />}
    >
      <ListTable<OrderRecord>
        listKey="order-staff"
        testId="order-table"
        columns={columns}
        empty={t`No orders found`}
        {...screen.table}
        toolbar={
          <OrderToolbar
            selected={screen.selected}
            filters={orderFiltersOf(screen.filters)}
            onChanged={screen.refresh}
          />
        }
      />
    </ListFrame>
  );
}
