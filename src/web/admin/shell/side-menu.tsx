import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { queries } from '../../api/queries/index.ts';
import { type MenuNode, menuTreeOf } from '../../session/permissions.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { MenuIcon } from './menu-icons.tsx';
import { currentMenu, menuHref } from './menu-selection.ts';

type Item = Required<MenuProps>['items'][number];

const groupKey = (node: MenuNode) => `menu-${node.recId}`;

function leaf(node: MenuNode, withIcon: boolean): Item {
  return {
    key: groupKey(node),
    icon: withIcon ? <MenuIcon name={node.icon} /> : undefined,
    // The title shows a name too long for the 195 px menu in full on hover.
    label: (
      <HrefLink href={menuHref(node.path)} title={node.name}>
        {node.name}
      </HrefLink>
    ),
  };
}

/**
 * The side menu (spec 2): the top-level entries of the user's menus, each with its second level;
 * type-3 entries never show. Offline it shows the menus saved from the last visit.
 */
export function SideMenu() {
  const { i18n } = useLingui();
  const { data } = useQuery(queries.system.userMenus(i18n.locale));
  const tree = useMemo(() => menuTreeOf(data ?? []), [data]);
  const pathname = useLocation({ select: (l) => l.pathname });
  const { selected, parent } = useMemo(() => currentMenu(tree, pathname), [tree, pathname]);
  const parentKey = parent ? groupKey(parent) : undefined;

  // The open group follows the page; the user may open others meanwhile. Home closes them all.
  const onHome = pathname.replace(/\/+$/, '') === '/admin';
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    setOpenKeys((open) => {
      if (onHome) return open.length ? [] : open;
      if (!parentKey || open.includes(parentKey)) return open;
      return [...open, parentKey];
    });
  }, [onHome, parentKey]);

  const items = useMemo<Item[]>(
    () =>
      tree.map((top) =>
        top.children.length
          ? {
              key: groupKey(top),
              icon: <MenuIcon name={top.icon} />,
              label: top.name,
              children: top.children.map((child) => leaf(child, false)),
            }
          : leaf(top, true),
      ),
    [tree],
  );

  return (
    <Menu
      mode="inline"
      inlineIndent={16}
      items={items}
      selectedKeys={selected ? [groupKey(selected)] : []}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      className="side-menu"
      data-testid="side-menu-items"
    />
  );
}
