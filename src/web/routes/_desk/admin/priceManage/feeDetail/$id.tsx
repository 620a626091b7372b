import { createFileRoute } from '@tanstack/react-router';
import { FeeSheetPage } from '../../../../../admin/fee/fee-sheet-page.tsx';
import { feeSheetSearch } from '../../../../../admin/fee/search.ts';

export const Route = createFileRoute('/_desk/admin/priceManage/feeDetail/$id')({
  validateSearch: feeSheetSearch,
  component: FeeSheetPage,
});
