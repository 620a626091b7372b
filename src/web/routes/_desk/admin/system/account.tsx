import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../../../admin/system/account/account-page.tsx';
import { accountSearch } from '../../../../admin/system/search.ts';

export const Route = createFileRoute('/_desk/admin/system/account')({
  validateSearch: accountSearch,
  component: AccountPage,
});
