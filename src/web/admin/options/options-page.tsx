import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { Card, Tabs } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useCan } from '../../session/permissions.ts';
import { compact } from '../kit/search.ts';
import { DepotTab } from './depot-tab.tsx';
import type { OptionsSearch, OptionTab } from './search.ts';
import { TrackingSettingTab } from './tracking-setting-tab.tsx';
import { VolumeLimitTab } from './volume-limit-tab.tsx';

const routeApi = getRouteApi('/_desk/admin/options/');

/**
 * /admin/options: order volume limits, our standard tracking nodes and the depots, one tab each
 * (shown to whoever may read it). The tab, its filters and its page are in the URL.
 */
export function OptionsPage() {
  const { t } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const canLimits = useCan('volumeLimit:view');
  const canTracking = useCan('trackingNode:view');

  const tabs = useMemo(() => {
    const list: { key: OptionTab; label: string; children: ReactNode }[] = [];
    const onSearch = (tab: OptionTab) => (values: Omit<OptionsSearch, 'tab'>) =>
      navigate({ search: { tab, ...compact(values) } });
    if (canLimits)
      list.push({
        key: 'limits',
        label: t`Order volume limits`,
        children: <VolumeLimitTab search={search} onSearch={onSearch('limits')} />,
      });
    if (canTracking)
      list.push({
        key: 'tracking',
        label: t`Tracking nodes`,
        children: <TrackingSettingTab search={search} onSearch={onSearch('tracking')} />,
      });
    list.push({ key: 'depots', label: t`Depots`, children: <DepotTab /> });
    return list;
  }, [canLimits, canTracking, search, navigate, t]);

  const active = tabs.some((tab) => tab.key === search.tab) ? search.tab : tabs[0]?.key;
  return (
    <Card data-testid="options-page" styles={{ body: { paddingBlockStart: 8 } }}>
      <Tabs
        activeKey={active}
        items={tabs}
        destroyOnHidden
        onChange={(key) => navigate({ search: { tab: key as OptionTab } })}
      />
    </Card>
  );
}
