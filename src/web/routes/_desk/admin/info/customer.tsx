import { createFileRoute } from '@tanstack/react-router';
import { CustomerPage } from '../../../../admin/customer/customer-page.tsx';
import { customerList, customerSearch } from '../../../../admin/customer/search.ts';
import { screenData } from '../../../../admin/kit/route-data.ts';

export const Route = createFileRoute('/_desk/admin/info/customer')({
  validateSearch: customerSearch,
  ...screenData(customerList),
  component: CustomerPage,
});
