import { createFileRoute } from '@tanstack/react-router';
import { LadingManagePage } from '../../../../admin/lading/lading-manage-page.tsx';
import { ladingListSearch } from '../../../../admin/lading/search.ts';

export const Route = createFileRoute('/_desk/admin/ladingBll/manage')({
  validateSearch: ladingListSearch,
  component: LadingManagePage,
});
