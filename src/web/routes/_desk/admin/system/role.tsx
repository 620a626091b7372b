import { createFileRoute } from '@tanstack/react-router';
import { RolePage } from '../../../../admin/system/role/role-page.tsx';
import { roleSearch } from '../../../../admin/system/search.ts';

export const Route = createFileRoute('/_desk/admin/system/role')({
  validateSearch: roleSearch,
  component: RolePage,
});
