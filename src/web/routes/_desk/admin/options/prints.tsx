import { createFileRoute } from '@tanstack/react-router';
import { listData } from '../../../../admin/kit/route-data.ts';
import { PrintsPage } from '../../../../admin/printer/prints-page.tsx';
import { printsList, printsSearch } from '../../../../admin/printer/prints-search.ts';

export const Route = createFileRoute('/_desk/admin/options/prints')({
  validateSearch: printsSearch,
  ...listData(printsList),
  component: PrintsPage,
});
