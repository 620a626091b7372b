import { createFileRoute } from '@tanstack/react-router';
import { batchList } from '../../../../admin/batch/search.ts';
import { tabbedListData } from '../../../../admin/kit/route-data.ts';
import { LadingManagePage } from '../../../../admin/lading/lading-manage-page.tsx';
import { ladingList, ladingListSearch } from '../../../../admin/lading/search.ts';

export const Route = createFileRoute('/_desk/admin/ladingBll/manage')({
  validateSearch: ladingListSearch,
  ...tabbedListData((s) => s.tab, {
    bills: { spec: ladingList, permission: 'lading:view' },
    batches: { spec: batchList, permission: 'batch:view' },
  }),
  component: LadingManagePage,
});
