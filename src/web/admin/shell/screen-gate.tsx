import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useMatches } from '@tanstack/react-router';
import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { queries } from '../../api/queries/index.ts';
import { mayOpenScreen, screenOf } from '../../session/screen-access.ts';
import { ForbiddenPage } from '../../ui/status-page.tsx';

/**
 * Shows the page only to an account whose menus hold its entry, else the 403 page inside the
 * layout (menus and tabs stay, so the user can go on), before the page asks the server for
 * anything it would refuse. Without menus to judge by (offline with none saved, or their call
 * failed) the page shows: the server still refuses what the account may not do.
 */
export function ScreenGate({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const route = useMatches({ select: (matches) => matches.at(-1)?.fullPath ?? '' });
  const { data, fetchStatus } = useQuery(queries.system.userMenus(i18n.locale));
  // The home page is every user's: it never waits for the menus.
  if (screenOf(route) === undefined) return children;
  if (!data) {
    if (fetchStatus === 'fetching')
      return <Spin size="large" className="screen-gate__wait" data-testid="screen-gate-wait" />;
    return children;
  }
  return mayOpenScreen(data, route) ? children : <ForbiddenPage />;
}
