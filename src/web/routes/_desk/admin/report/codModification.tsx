import { createFileRoute } from '@tanstack/react-router';
import { CodModificationPage } from '../../../../admin/cod/cod-modification-page.tsx';
import { codSearch } from '../../../../admin/cod/search.ts';

export const Route = createFileRoute('/_desk/admin/report/codModification')({
  validateSearch: codSearch,
  component: CodModificationPage,
});
