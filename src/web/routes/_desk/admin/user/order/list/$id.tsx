import { createFileRoute } from '@tanstack/react-router';
import { OrderDetailPage } from '../../../../../../admin/customer-order/order-detail-page.tsx';
import { customerOrderDetail, orderDetailSearch } from '../../../../../../admin/customer-order/search.ts';
import { detailData } from '../../../../../../admin/kit/route-data.ts';

export const Route = createFileRoute('/_desk/admin/user/order/list/$id')({
  validateSearch: orderDetailSearch,
  ...detailData(customerOrderDetail),
  component: OrderDetailPage,
});
