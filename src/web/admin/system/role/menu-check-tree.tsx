import { Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import type { MenuItem } from '../../../../shared/contract/system.ts';
import { type MenuRow, nestMenus, toggleMenu } from '../menu-tree.ts';

const toNodes = (rows: MenuRow[]): TreeDataNode[] =>
  rows.map((r) => ({
    key: r.recId,
    title: r.name,
    ...(r.children ? { children: toNodes(r.children) } : {}),
  }));

const frame = {
  // The dialog's buttons stay on screen on a laptop display.
  maxBlockSize: 'max(200px, calc(100vh - 480px))',
  overflow: 'auto',
  padding: 8,
  border: '1px solid var(--ant-color-border)',
  borderRadius: 6,
} as const;

/**
 * Every menu entry as a checkable tree, fully expanded, in the current language; buttons are
 * leaves under their screen. A form control: `value` is the checked recIds.
 */
export function MenuCheckTree({
  menus,
  value = [],
  onChange,
  id,
}: {
  menus: MenuItem[];
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}) {
  const treeData = useMemo(() => toNodes(nestMenus(menus)), [menus]);
  return (
    <div id={id} data-testid="menu-check-tree" style={frame}>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        virtual={false}
        treeData={treeData}
        checkedKeys={value}
        onCheck={(_, info) => onChange?.(toggleMenu(menus, value, Number(info.node.key), info.checked))}
      />
    </div>
  );
}
