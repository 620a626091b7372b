import { createFileRoute } from '@tanstack/react-router';
import { DevelopersPage } from '../../../../admin/developers/developers-page.tsx';
import { developersSearch } from '../../../../admin/developers/search.ts';

export const Route = createFileRoute('/_desk/admin/user/developers')({
  validateSearch: developersSearch,
  component: DevelopersPage,
});
