import { createFileRoute } from '@tanstack/react-router';
import { screenData } from '../../../../../admin/kit/route-data.ts';
import { BillDetailPage } from '../../../../../admin/statement/bill-detail-page.tsx';
import { billDetail, billDetailSearch } from '../../../../../admin/statement/bill-search.ts';

export const Route = createFileRoute('/_desk/admin/report/logisticsbill/$id')({
  validateSearch: billDetailSearch,
  ...screenData(billDetail),
  component: BillDetailPage,
});
