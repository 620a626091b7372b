import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from '@tanstack/react-router';
import { FloatButton, Layout } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { queries } from '../../api/queries/index.ts';
import { useSession } from '../../session/store.ts';
import { HOME_PATH, menuSignature, tabsStore } from '../../session/tabs.ts';
import { UpdatePrompt } from '../../ui/update-prompt.tsx';
import { AppHeader } from './app-header.tsx';
import { DeskBreadcrumb } from './desk-breadcrumb.tsx';
import { ScreenGate } from './screen-gate.tsx';
import { SideMenu } from './side-menu.tsx';
import { TabsBar } from './tabs-bar.tsx';
import { useCurrentTab } from './use-current-tab.ts';

/** Spec 2/9: the side menu is 195 px wide; back-to-top shows after 100 px of scroll. */
const SIDER_WIDTH = 195;
const BACK_TOP_AFTER = 100;

/**
 * The admin layout (spec 2): header, side menu, open-tabs bar, the page, back-to-top, and the
 * offer of a new app version. Renders the route's page, or `children` for a page that borrows
 * the layout (/frame).
 */
export function AdminLayout({ children }: { children?: ReactNode }) {
  const session = useSession();
  const pathname = useLocation({ select: (l) => l.pathname });
  const current = useCurrentTab();
  useTabsFollowMenus(current);
  if (!session) return null;
  const onHome = pathname.replace(/\/+$/, '') === HOME_PATH;

  return (
    <Layout className="admin-layout">
      <Layout.Header className="admin-layout__header">
        <AppHeader />
      </Layout.Header>
      <Layout hasSider>
        <Layout.Sider
          width={SIDER_WIDTH}
          theme="light"
          className="admin-layout__sider"
          data-testid="side-menu"
        >
          <SideMenu />
        </Layout.Sider>
        <Layout className="admin-layout__main">
          <div className="admin-layout__tabs">
            <TabsBar current={current} onHome={onHome} />
          </div>
          <Layout.Content className="admin-layout__content">
            <DeskBreadcrumb current={current} />
            {children ?? (
              <ScreenGate>
                <Outlet />
              </ScreenGate>
            )}
          </Layout.Content>
        </Layout>
      </Layout>
      <FloatButton.BackTop visibilityHeight={BACK_TOP_AFTER} />
      <UpdatePrompt />
    </Layout>
  );
}

/** Spec 2: loading the menus resets the tabs (when they are not the menus the tabs were opened under). */
function useTabsFollowMenus(current: ReturnType<typeof useCurrentTab>): void {
  const { i18n } = useLingui();
  const { data } = useQuery(queries.system.userMenus(i18n.locale));
  const currentRef = useRef(current);
  currentRef.current = current;
  useEffect(() => {
    if (data) tabsStore.menusLoaded(menuSignature(data.map((m) => m.recId)), currentRef.current);
  }, [data]);
}
