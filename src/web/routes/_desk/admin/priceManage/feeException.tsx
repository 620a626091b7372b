import { createFileRoute } from '@tanstack/react-router';
import { FeeExceptionPage } from '../../../../admin/fee/fee-exception-page.tsx';
import { feeExceptionSearch } from '../../../../admin/fee/search.ts';

export const Route = createFileRoute('/_desk/admin/priceManage/feeException')({
  validateSearch: feeExceptionSearch,
  component: FeeExceptionPage,
});
