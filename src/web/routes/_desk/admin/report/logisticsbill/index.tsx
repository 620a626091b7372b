import { createFileRoute } from '@tanstack/react-router';
import { BillListPage } from '../../../../../admin/statement/bill-list-page.tsx';
import { billSearch } from '../../../../../admin/statement/bill-search.ts';

export const Route = createFileRoute('/_desk/admin/report/logisticsbill/')({
  validateSearch: billSearch,
  component: BillListPage,
});
