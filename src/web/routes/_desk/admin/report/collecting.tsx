import { createFileRoute } from '@tanstack/react-router';
import { CollectingPage } from '../../../../admin/cod-collecting/collecting-page.tsx';
import { collectingSearch } from '../../../../admin/cod-collecting/search.ts';

export const Route = createFileRoute('/_desk/admin/report/collecting')({
  validateSearch: collectingSearch,
  component: CollectingPage,
});
