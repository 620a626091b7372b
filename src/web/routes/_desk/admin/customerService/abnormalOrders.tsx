import { createFileRoute } from '@tanstack/react-router';
import { AbnormalOrdersPage } from '../../../../admin/order/abnormal-orders-page.tsx';
import { abnormalSearch } from '../../../../admin/order/search.ts';

export const Route = createFileRoute('/_desk/admin/customerService/abnormalOrders')({
  validateSearch: abnormalSearch,
  component: AbnormalOrdersPage,
});
