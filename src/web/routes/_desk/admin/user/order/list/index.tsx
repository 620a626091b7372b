import { createFileRoute } from '@tanstack/react-router';
import { OrderListPage } from '../../../../../../admin/customer-order/order-list-page.tsx';
import { customerOrderList, customerOrderSearch } from '../../../../../../admin/customer-order/search.ts';
import { screenData } from '../../../../../../admin/kit/route-data.ts';

export const Route = createFileRoute('/_desk/admin/user/order/list/')({
  validateSearch: customerOrderSearch,
  ...screenData(customerOrderList),
  component: OrderListPage,
});
