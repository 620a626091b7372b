import { createFileRoute } from '@tanstack/react-router';
import { BillDetailPage } from '../../../../../admin/logistics-bill/bill-detail-page.tsx';
import { billDetailSearch } from '../../../../../admin/logistics-bill/search.ts';

export const Route = createFileRoute('/_desk/admin/report/logisticsbill/$id')({
  validateSearch: billDetailSearch,
  component: BillDetailPage,
});
