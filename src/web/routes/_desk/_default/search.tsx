import { createFileRoute } from '@tanstack/react-router';
import { SearchPage } from '../../../admin/search/search-page.tsx';
import { searchSchema } from '../../../ui/search-params.ts';

/** The public tracking search: no login; the numbers asked are kept in the address. */
export const Route = createFileRoute('/_desk/_default/search')({
  staticData: { access: 'public' },
  validateSearch: searchSchema({
    no: (raw) =>
      typeof raw === 'string' || typeof raw === 'number' ? String(raw).slice(0, 2000) : undefined,
  }),
  component: SearchPage,
});
