import { createFileRoute } from '@tanstack/react-router';
import { OrderListPage } from '../../../../../../admin/customer-order/order-list-page.tsx';
import { customerOrderSearch } from '../../../../../../admin/customer-order/search.ts';

export const Route = createFileRoute('/_desk/admin/user/order/list/')({
  validateSearch: customerOrderSearch,
  component: OrderListPage,
});
