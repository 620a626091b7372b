import { createFileRoute } from '@tanstack/react-router';
import { PackageListPage } from '../../../../admin/package/package-list-page.tsx';
import { packageListSearch } from '../../../../admin/package/search.ts';

export const Route = createFileRoute('/_desk/admin/ladingBll/package')({
  validateSearch: packageListSearch,
  component: PackageListPage,
});
