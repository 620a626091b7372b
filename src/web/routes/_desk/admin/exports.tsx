import { createFileRoute } from '@tanstack/react-router';
import { ExportsPage } from '../../../admin/export-centre/exports-page.tsx';
import { exportListSearch } from '../../../admin/export-centre/search.ts';

export const Route = createFileRoute('/_desk/admin/exports')({
  validateSearch: exportListSearch,
  component: ExportsPage,
});
