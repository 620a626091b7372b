import { createFileRoute } from '@tanstack/react-router';
import { OrderInputPage } from '../../../../../admin/customer-order/order-input-page.tsx';

export const Route = createFileRoute('/_desk/admin/user/order/input')({
  component: OrderInputPage,
});
