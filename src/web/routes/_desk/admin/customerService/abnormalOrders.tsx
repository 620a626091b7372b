import { createFileRoute } from '@tanstack/react-router';
import { listData } from '../../../../admin/kit/route-data.ts';
import { AbnormalOrdersPage } from '../../../../admin/order/abnormal-orders-page.tsx';
import { abnormalList, abnormalSearch } from '../../../../admin/order/search.ts';

export const Route = createFileRoute('/_desk/admin/customerService/abnormalOrders')({
  validateSearch: abnormalSearch,
  ...listData(abnormalList),
  component: AbnormalOrdersPage,
});
