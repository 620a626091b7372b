import { createFileRoute } from '@tanstack/react-router';
import { screenData } from '../../../../admin/kit/route-data.ts';
import { AccountPage } from '../../../../admin/system/account/account-page.tsx';
import { accountList, accountSearch } from '../../../../admin/system/search.ts';

export const Route = createFileRoute('/_desk/admin/system/account')({
  validateSearch: accountSearch,
  ...screenData(accountList),
  component: AccountPage,
});
