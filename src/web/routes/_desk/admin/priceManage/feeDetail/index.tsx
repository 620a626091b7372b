import { createFileRoute } from '@tanstack/react-router';
import { FeeDetailListPage } from '../../../../../admin/fee/fee-detail-list-page.tsx';
import { feeDetailSearch } from '../../../../../admin/fee/search.ts';

export const Route = createFileRoute('/_desk/admin/priceManage/feeDetail/')({
  validateSearch: feeDetailSearch,
  component: FeeDetailListPage,
});
