import { createFileRoute } from '@tanstack/react-router';
import { OrderBatchPage } from '../../../../../admin/customer-order/order-batch-page.tsx';

export const Route = createFileRoute('/_desk/admin/user/order/batch')({
  component: OrderBatchPage,
});
