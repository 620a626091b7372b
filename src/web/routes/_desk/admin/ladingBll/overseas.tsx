import { createFileRoute } from '@tanstack/react-router';
import { OverseasPage } from '../../../../admin/overseas/overseas-page.tsx';
import { overseasListSearch } from '../../../../admin/overseas/search.ts';

export const Route = createFileRoute('/_desk/admin/ladingBll/overseas')({
  validateSearch: overseasListSearch,
  component: OverseasPage,
});
