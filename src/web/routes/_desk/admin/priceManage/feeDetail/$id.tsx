import { createFileRoute } from '@tanstack/react-router';
import { FeeSheetPage } from '../../../../../admin/fee/fee-sheet-page.tsx';
import { feeSheet, feeSheetSearch } from '../../../../../admin/fee/search.ts';
import { detailData } from '../../../../../admin/kit/route-data.ts';

export const Route = createFileRoute('/_desk/admin/priceManage/feeDetail/$id')({
  validateSearch: feeSheetSearch,
  ...detailData(feeSheet),
  component: FeeSheetPage,
});
