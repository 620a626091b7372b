import { createFileRoute } from '@tanstack/react-router';
import { PrintsPage } from '../../../../admin/printer/prints-page.tsx';
import { printsSearch } from '../../../../admin/printer/prints-search.ts';

export const Route = createFileRoute('/_desk/admin/options/prints')({
  validateSearch: printsSearch,
  component: PrintsPage,
});
