import { createFileRoute } from '@tanstack/react-router';
import { ClearancePage } from '../../../../admin/lading/clearance-page.tsx';
import { clearanceSearch } from '../../../../admin/lading/clearance-search.ts';

export const Route = createFileRoute('/_desk/admin/customs/bill-of-lading')({
  validateSearch: clearanceSearch,
  component: ClearancePage,
});
