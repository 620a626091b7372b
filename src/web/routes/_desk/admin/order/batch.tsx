import { createFileRoute } from '@tanstack/react-router';
import { OrderBatchPage } from '../../../../admin/customer-order/order-batch-page.tsx';

/** Staff import a customer's orders from a file (the Customer centre's screen, with the customer chosen). */
export const Route = createFileRoute('/_desk/admin/order/batch')({
  component: OrderBatchPage,
});
