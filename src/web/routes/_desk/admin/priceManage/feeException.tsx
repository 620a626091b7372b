import { createFileRoute } from '@tanstack/react-router';
import { FeeExceptionPage } from '../../../../admin/fee/fee-exception-page.tsx';
import { feeExceptionList, feeExceptionSearch } from '../../../../admin/fee/search.ts';
import { listData } from '../../../../admin/kit/route-data.ts';

export const Route = createFileRoute('/_desk/admin/priceManage/feeException')({
  validateSearch: feeExceptionSearch,
  ...listData(feeExceptionList),
  component: FeeExceptionPage,
});
