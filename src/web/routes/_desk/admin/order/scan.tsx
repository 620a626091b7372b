import { createFileRoute } from '@tanstack/react-router';
import { OrderScanPage } from '../../../../admin/order/order-scan-page.tsx';
import { scanSearch } from '../../../../admin/order/search.ts';

export const Route = createFileRoute('/_desk/admin/order/scan')({
  validateSearch: scanSearch,
  component: OrderScanPage,
});
