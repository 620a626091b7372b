import { createFileRoute } from '@tanstack/react-router';
import { CustomerDevelopersPage } from '../../../../../admin/developers/customer-developers-page.tsx';
import { customerDevelopers, developersSearch } from '../../../../../admin/developers/search.ts';
import { screenData } from '../../../../../admin/kit/route-data.ts';

export const Route = createFileRoute('/_desk/admin/info/developers/$id')({
  validateSearch: developersSearch,
  ...screenData(customerDevelopers),
  component: CustomerDevelopersPage,
});
