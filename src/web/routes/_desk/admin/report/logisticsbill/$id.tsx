import { createFileRoute } from '@tanstack/react-router';
import { BillDetailPage } from '../../../../../admin/statement/bill-detail-page.tsx';
import { billDetailSearch } from '../../../../../admin/statement/bill-search.ts';

export const Route = createFileRoute('/_desk/admin/report/logisticsbill/$id')({
  validateSearch: billDetailSearch,
  component: BillDetailPage,
});
