import { createFileRoute } from '@tanstack/react-router';
import { CollectingPage } from '../../../../admin/statement/collecting-page.tsx';
import { collectingSearch } from '../../../../admin/statement/collecting-search.ts';

export const Route = createFileRoute('/_desk/admin/report/collecting')({
  validateSearch: collectingSearch,
  component: CollectingPage,
});
