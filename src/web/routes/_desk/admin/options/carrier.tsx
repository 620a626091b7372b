import { createFileRoute } from '@tanstack/react-router';
import { CarrierPage } from '../../../../admin/carrier/carrier-page.tsx';
import { carrierList, carrierSearch } from '../../../../admin/carrier/search.ts';
import { listData } from '../../../../admin/kit/route-data.ts';

export const Route = createFileRoute('/_desk/admin/options/carrier')({
  validateSearch: carrierSearch,
  ...listData(carrierList),
  component: CarrierPage,
});
