import { createFileRoute } from '@tanstack/react-router';
import { listData } from '../../../../../admin/kit/route-data.ts';
import { OrderListPage } from '../../../../../admin/order/order-list-page.tsx';
import { orderList, orderListSearch } from '../../../../../admin/order/search.ts';

export const Route = createFileRoute('/_desk/admin/order/list/')({
  validateSearch: orderListSearch,
  ...listData(orderList),
  component: OrderListPage,
});
