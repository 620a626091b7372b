import { createFileRoute } from '@tanstack/react-router';
import { ExportsPage } from '../../../admin/export-centre/exports-page.tsx';
import { exportList, exportListSearch } from '../../../admin/export-centre/search.ts';
import { listData } from '../../../admin/kit/route-data.ts';

export const Route = createFileRoute('/_desk/admin/exports')({
  validateSearch: exportListSearch,
  ...listData(exportList),
  component: ExportsPage,
});
