// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuItem } from '../../../src/shared/contract/system.ts';
import { MenuCheckTree } from '../../../src/web/admin/system/role/menu-check-tree.tsx';

const item = (recId: number, parentId: number, type: number, name: string): MenuItem => ({
  recId,
  parentId,
  type,
  name,
  path: name,
  sort: recId,
  perms: '',
  icon: '',
  nameCn: name,
  nameEn: name,
  nameAr: name,
});

const menus = [
  item(1, 0, 1, 'System'),
  item(2, 1, 2, 'Accounts'),
  item(3, 2, 3, 'Accounts · edit'),
  item(4, 1, 2, 'Roles'),
];

afterEach(cleanup);

const checkboxOf = (title: string) =>
  screen.getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;

describe('the role editor’s menu tree', () => {
  it('shows every entry expanded, checked from the role’s menu ids', () => {
    render(<MenuCheckTree menus={menus} value={[1, 2]} />);
    for (const name of ['System', 'Accounts', 'Accounts · edit', 'Roles'])
      expect(screen.getByText(name)).toBeTruthy();
    expect(checkboxOf('System').classList.contains('ant-tree-checkbox-checked')).toBe(true);
    expect(checkboxOf('Accounts').classList.contains('ant-tree-checkbox-checked')).toBe(true);
    expect(checkboxOf('Roles').classList.contains('ant-tree-checkbox-checked')).toBe(false);
    // Strict checking: a parent is not half-checked or fully checked by its children.
    expect(checkboxOf('Accounts · edit').classList.contains('ant-tree-checkbox-checked')).toBe(false);
  });

  it('checks a button with its screen and menu, and unchecks a screen with its buttons', () => {
    const onChange = vi.fn();
    const { rerender } = render(<MenuCheckTree menus={menus} value={[]} onChange={onChange} />);
    fireEvent.click(checkboxOf('Accounts · edit'));
    expect(onChange).toHaveBeenLastCalledWith([1, 2, 3]);
    rerender(<MenuCheckTree menus={menus} value={[1, 2, 3, 4]} onChange={onChange} />);
    fireEvent.click(checkboxOf('Accounts'));
    expect(onChange).toHaveBeenLastCalledWith([1, 4]);
  });
});
