import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { useSubRight } from '../../session/sub-rights.ts';
import { CustomerOnly } from '../customer-options/customer-only.tsx';
import { DevelopersView } from './developers-view.tsx';

const routeApi = getRouteApi('/_desk/admin/user/developers');

/** /admin/user/developers: the customer account's own API keys, webhooks and deliveries. */
export function DevelopersPage() {
  const { t } = useLingui();
  const mayManageKeys = useSubRight('apiKeys:manage');
  return (
    <CustomerOnly>
      <DevelopersView route={routeApi} title={t`Developers`} mayManageKeys={mayManageKeys} />
    </CustomerOnly>
  );
}
