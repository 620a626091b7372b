import { createFileRoute } from '@tanstack/react-router';
import { screenData } from '../../../../admin/kit/route-data.ts';
import { RolePage } from '../../../../admin/system/role/role-page.tsx';
import { roleList, roleSearch } from '../../../../admin/system/search.ts';

export const Route = createFileRoute('/_desk/admin/system/role')({
  validateSearch: roleSearch,
  ...screenData(roleList),
  component: RolePage,
});
