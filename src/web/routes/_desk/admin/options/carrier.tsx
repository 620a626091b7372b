import { createFileRoute } from '@tanstack/react-router';
import { CarrierPage } from '../../../../admin/carrier/carrier-page.tsx';
import { carrierSearch } from '../../../../admin/carrier/search.ts';

export const Route = createFileRoute('/_desk/admin/options/carrier')({
  validateSearch: carrierSearch,
  component: CarrierPage,
});
