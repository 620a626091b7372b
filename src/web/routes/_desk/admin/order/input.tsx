import { createFileRoute } from '@tanstack/react-router';
import { OrderInputPage } from '../../../../admin/customer-order/order-input-page.tsx';

/** Staff enter an order for a customer (the same screen as the Customer centre's, with the customer chosen). */
export const Route = createFileRoute('/_desk/admin/order/input')({
  component: OrderInputPage,
});
