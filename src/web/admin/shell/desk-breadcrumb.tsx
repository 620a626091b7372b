import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { Breadcrumb, type BreadcrumbProps } from 'antd';
import { useMemo } from 'react';
import { queries } from '../../api/queries/index.ts';
import { useDetailCrumb } from '../../session/breadcrumb.ts';
import { menuTreeOf } from '../../session/permissions.ts';
import type { Tab } from '../../session/tabs.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { routeTitle } from '../route-titles.ts';
import { breadcrumbTrail } from './breadcrumb-trail.ts';

type Item = NonNullable<BreadcrumbProps['items']>[number];

/**
 * The desk's breadcrumb over the page (spec: session state): menu group › screen › detail, from
 * the menus the session holds and the detail the page names (useShowDetailCrumb), else the tab's
 * name of a record page. The group opens a menu of its screens; the screen goes back to its list.
 */
export function DeskBreadcrumb({ current }: { current: Tab | undefined }) {
  const { i18n } = useLingui();
  const { data } = useQuery(queries.system.userMenus(i18n.locale));
  const tree = useMemo(() => menuTreeOf(data ?? []), [data]);
  const pathname = useLocation({ select: (l) => l.pathname });
  const detail = useDetailCrumb();
  const routeName = current ? routeTitle(current.route) : undefined;
  const title = current?.label ?? (routeName ? i18n._(routeName) : undefined);
  const trail = breadcrumbTrail(tree, pathname, { title, detail: detail?.label });
  if (trail.length === 0) return null;

  const items: Item[] = trail.map((c) => {
    if (c.screens)
      return {
        key: c.key,
        title: c.label,
        menu: {
          items: c.screens.map((s) => ({ key: s.key, label: <HrefLink href={s.href}>{s.label}</HrefLink> })),
        },
      };
    if (!c.href) return { key: c.key, title: <bdi data-testid={`crumb-${c.key}`}>{c.label}</bdi> };
    const onBack = c.back ? detail?.onBack : undefined;
    return {
      key: c.key,
      title: (
        <HrefLink
          href={c.href}
          onClick={(e) => {
            if (!onBack || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            onBack();
          }}
        >
          {c.label}
        </HrefLink>
      ),
    };
  });

  return <Breadcrumb className="desk-breadcrumb" items={items} data-testid="breadcrumb" />;
}
