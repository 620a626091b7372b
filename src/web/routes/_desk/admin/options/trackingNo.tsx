import { createFileRoute } from '@tanstack/react-router';
import { screenData } from '../../../../admin/kit/route-data.ts';
import { poolList, poolSearch } from '../../../../admin/tracking-no/search.ts';
import { TrackingNoPage } from '../../../../admin/tracking-no/tracking-no-page.tsx';

export const Route = createFileRoute('/_desk/admin/options/trackingNo')({
  validateSearch: poolSearch,
  ...screenData(poolList),
  component: TrackingNoPage,
});
