import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Tabs } from 'antd';
import { useEffect } from 'react';
import { HOME_PATH, type Tab, tabsStore, useTabs } from '../../session/tabs.ts';
import { routeTitle } from '../route-titles.ts';

const HOME_KEY = 'home';

/**
 * The open-tabs bar (spec 2, tagsView): the home tab, then one closable tab per opened page; the
 * page on screen is the active tab. Closing the active tab opens the last remaining one, or home.
 */
export function TabsBar({ current, onHome }: { current: Tab | undefined; onHome: boolean }) {
  const { t, i18n } = useLingui();
  const tabs = useTabs();
  const navigate = useNavigate();

  useEffect(() => {
    if (current) tabsStore.open(current);
  }, [current]);

  const activeKey = current?.key ?? (onHome ? HOME_KEY : '');
  const labelOf = (tab: Tab) => {
    if (tab.label) return tab.label;
    const title = routeTitle(tab.route);
    return title ? i18n._(title) : tab.href;
  };
  const hrefOf = (key: string) =>
    key === HOME_KEY ? HOME_PATH : (tabs.find((tab) => tab.key === key)?.href ?? HOME_PATH);

  return (
    <Tabs
      className="tabs-bar"
      data-testid="tabs-bar"
      type="editable-card"
      size="small"
      hideAdd
      activeKey={activeKey}
      onChange={(key) => void navigate({ href: hrefOf(key) })}
      onEdit={(key, action) => {
        if (action !== 'remove' || typeof key !== 'string') return;
        const next = tabsStore.close(key, activeKey);
        if (next) void navigate({ href: next });
      }}
      items={[
        { key: HOME_KEY, label: t`Home`, closable: false },
        ...tabs.map((tab) => ({ key: tab.key, label: labelOf(tab), closable: true })),
      ]}
    />
  );
}
