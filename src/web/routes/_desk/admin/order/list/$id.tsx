import { createFileRoute } from '@tanstack/react-router';
import { detailData } from '../../../../../admin/kit/route-data.ts';
import { OrderDetailPage } from '../../../../../admin/order/order-detail-page.tsx';
import { orderDetail, orderDetailSearch } from '../../../../../admin/order/search.ts';

export const Route = createFileRoute('/_desk/admin/order/list/$id')({
  validateSearch: orderDetailSearch,
  ...detailData(orderDetail),
  component: OrderDetailPage,
});
