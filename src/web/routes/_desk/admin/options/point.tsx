import { createFileRoute } from '@tanstack/react-router';
import { screenData } from '../../../../admin/kit/route-data.ts';
import { RegionPage } from '../../../../admin/region/region-page.tsx';
import { regionList, regionSearch } from '../../../../admin/region/search.ts';

export const Route = createFileRoute('/_desk/admin/options/point')({
  validateSearch: regionSearch,
  ...screenData(regionList),
  component: RegionPage,
});
