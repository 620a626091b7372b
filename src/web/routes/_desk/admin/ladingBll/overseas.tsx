import { createFileRoute } from '@tanstack/react-router';
import { OverseasListPage } from '../../../../admin/overseas/overseas-list-page.tsx';
import { overseasListSearch } from '../../../../admin/overseas/search.ts';

export const Route = createFileRoute('/_desk/admin/ladingBll/overseas')({
  validateSearch: overseasListSearch,
  component: OverseasListPage,
});
