import { createFileRoute } from '@tanstack/react-router';
import { MenuPage } from '../../../../admin/system/menu/menu-page.tsx';
import { menuSearch } from '../../../../admin/system/search.ts';

export const Route = createFileRoute('/_desk/admin/system/menu')({
  validateSearch: menuSearch,
  component: MenuPage,
});
