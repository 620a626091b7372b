import { createFileRoute } from '@tanstack/react-router';
import { OrderDetailPage } from '../../../../../../admin/customer-order/order-detail-page.tsx';
import { orderDetailSearch } from '../../../../../../admin/customer-order/search.ts';

export const Route = createFileRoute('/_desk/admin/user/order/list/$id')({
  validateSearch: orderDetailSearch,
  component: OrderDetailPage,
});
