import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { useCan } from '../../session/permissions.ts';
import { ExchangeListTab } from '../exchange/exchange-list-tab.tsx';
import { PermissionTabs } from '../shared/permission-tabs.tsx';
import { OverseasListTab } from './overseas-list-tab.tsx';

const routeApi = getRouteApi('/_desk/admin/ladingBll/overseas');

/**
 * /admin/ladingBll/overseas: what happens at the destination, one tab each (the menu entry grants
 * both): overseas lading bills, and the exchange scans that relabel their orders. The tab is in
 * the URL and changing it starts the other list afresh.
 */
export function OverseasPage() {
  const { t } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const canBills = useCan('overseasLading:view');
  const canExchange = useCan('exchange:view');
  return (
    <PermissionTabs
      testId="overseas-tabs"
      active={search.tab}
      onChange={(tab) => void navigate({ search: tab === 'bills' ? {} : { tab } })}
      tabs={[
        {
          key: 'bills',
          label: t`Overseas lading`,
          allowed: canBills,
          children: <OverseasListTab />,
        },
        {
          key: 'exchange',
          label: t`Exchange scans`,
          allowed: canExchange,
          children: <ExchangeListTab />,
        },
      ]}
    />
  );
}
