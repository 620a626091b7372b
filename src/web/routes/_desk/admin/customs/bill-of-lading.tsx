import { createFileRoute } from '@tanstack/react-router';
import { screenData } from '../../../../admin/kit/route-data.ts';
import { ClearancePage } from '../../../../admin/lading/clearance-page.tsx';
import { clearanceList, clearanceSearch } from '../../../../admin/lading/clearance-search.ts';

export const Route = createFileRoute('/_desk/admin/customs/bill-of-lading')({
  validateSearch: clearanceSearch,
  ...screenData(clearanceList),
  component: ClearancePage,
});
