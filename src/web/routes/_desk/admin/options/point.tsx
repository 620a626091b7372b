import { createFileRoute } from '@tanstack/react-router';
import { RegionPage } from '../../../../admin/region/region-page.tsx';
import { regionSearch } from '../../../../admin/region/search.ts';

export const Route = createFileRoute('/_desk/admin/options/point')({
  validateSearch: regionSearch,
  component: RegionPage,
});
