import { createFileRoute } from '@tanstack/react-router';
import { CustomerPage } from '../../../../admin/customer/customer-page.tsx';
import { customerSearch } from '../../../../admin/customer/search.ts';

export const Route = createFileRoute('/_desk/admin/info/customer')({
  validateSearch: customerSearch,
  component: CustomerPage,
});
