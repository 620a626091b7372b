import { createFileRoute } from '@tanstack/react-router';
import { LadingListPage } from '../../../../admin/lading/lading-list-page.tsx';
import { ladingListSearch } from '../../../../admin/lading/search.ts';

export const Route = createFileRoute('/_desk/admin/ladingBll/manage')({
  validateSearch: ladingListSearch,
  component: LadingListPage,
});
