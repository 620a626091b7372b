import { createFileRoute } from '@tanstack/react-router';
import { listData } from '../../../../admin/kit/route-data.ts';
import { PackageListPage } from '../../../../admin/package/package-list-page.tsx';
import { packageList, packageListSearch } from '../../../../admin/package/search.ts';

export const Route = createFileRoute('/_desk/admin/ladingBll/package')({
  validateSearch: packageListSearch,
  ...listData(packageList),
  component: PackageListPage,
});
