import { createFileRoute } from '@tanstack/react-router';
import { OrderListPage } from '../../../../../admin/order/order-list-page.tsx';
import { orderListSearch } from '../../../../../admin/order/search.ts';

export const Route = createFileRoute('/_desk/admin/order/list/')({
  validateSearch: orderListSearch,
  component: OrderListPage,
});
