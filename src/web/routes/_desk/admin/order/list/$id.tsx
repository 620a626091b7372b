import { createFileRoute } from '@tanstack/react-router';
import { OrderDetailPage } from '../../../../../admin/order/order-detail-page.tsx';
import { orderDetailSearch } from '../../../../../admin/order/search.ts';

export const Route = createFileRoute('/_desk/admin/order/list/$id')({
  validateSearch: orderDetailSearch,
  component: OrderDetailPage,
});
