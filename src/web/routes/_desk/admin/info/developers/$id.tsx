import { createFileRoute } from '@tanstack/react-router';
import { CustomerDevelopersPage } from '../../../../../admin/developers/customer-developers-page.tsx';
import { developersSearch } from '../../../../../admin/developers/search.ts';

export const Route = createFileRoute('/_desk/admin/info/developers/$id')({
  validateSearch: developersSearch,
  component: CustomerDevelopersPage,
});
