import { createFileRoute } from '@tanstack/react-router';
import { OverseasPage } from '../../../../admin/overseas-lading/overseas-page.tsx';
import { overseasListSearch } from '../../../../admin/overseas-lading/search.ts';

export const Route = createFileRoute('/_desk/admin/ladingBll/overseas')({
  validateSearch: overseasListSearch,
  component: OverseasPage,
});
