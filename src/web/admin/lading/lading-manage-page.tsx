import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { useCan } from '../../session/permissions.ts';
import { BatchListTab } from '../batch/batch-list-tab.tsx';
import { PermissionTabs } from '../shared/permission-tabs.tsx';
import { LadingListTab } from './lading-list-tab.tsx';

const routeApi = getRouteApi('/_desk/admin/ladingBll/manage');

/**
 * /admin/ladingBll/manage: the lading bills and the batches they are flown in (the menu entry
 * grants both), one tab each; the tab is in the URL and changing it starts the other list afresh.
 */
export function LadingManagePage() {
  const { t } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const canBills = useCan('lading:view');
  const canBatches = useCan('batch:view');
  return (
    <PermissionTabs
      testId="lading-manage-tabs"
      active={search.tab}
      onChange={(tab) => void navigate({ search: tab === 'bills' ? {} : { tab } })}
      tabs={[
        { key: 'bills', label: t`Lading bills`, allowed: canBills, children: <LadingListTab /> },
        { key: 'batches', label: t`Batches`, allowed: canBatches, children: <BatchListTab /> },
      ]}
    />
  );
}
