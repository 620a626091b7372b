import { createFileRoute } from '@tanstack/react-router';
import { FeeDetailListPage } from '../../../../../admin/fee/fee-detail-list-page.tsx';
import { feeDetailList, feeDetailSearch } from '../../../../../admin/fee/search.ts';
import { listData } from '../../../../../admin/kit/route-data.ts';

export const Route = createFileRoute('/_desk/admin/priceManage/feeDetail/')({
  validateSearch: feeDetailSearch,
  ...listData(feeDetailList),
  component: FeeDetailListPage,
});
