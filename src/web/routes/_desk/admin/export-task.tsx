import { createFileRoute } from '@tanstack/react-router';
import { ExportsPage } from '../../../admin/export-task/exports-page.tsx';
import { exportList, exportListSearch } from '../../../admin/export-task/search.ts';
import { listData } from '../../../admin/kit/route-data.ts';

export const Route = createFileRoute('/_desk/admin/export-task')({
  validateSearch: exportListSearch,
  ...listData(exportList),
  component: ExportsPage,
});
