import { Tabs } from 'antd';
import type { ReactNode } from 'react';

export interface PermissionTab<K extends string> {
  key: K;
  label: string;
  /** Whether the caller may read the tab's list. */
  allowed: boolean;
  children: ReactNode;
}

/**
 * A screen of several lists, one tab each, shown to whoever may read it. The open tab is the
 * URL's (`active`) when allowed, else the first allowed; each tab's content mounts only while open.
 */
export function PermissionTabs<K extends string>({
  tabs,
  active,
  onChange,
  testId,
}: {
  tabs: PermissionTab<K>[];
  active: K | undefined;
  onChange: (key: K) => void;
  testId: string;
}) {
  const shown = tabs.filter((tab) => tab.allowed).map(({ allowed: _a, ...tab }) => tab);
  const open = shown.some((tab) => tab.key === active) ? active : shown[0]?.key;
  return (
    <Tabs
      data-testid={testId}
      activeKey={open}
      items={shown}
      destroyOnHidden
      onChange={(key) => onChange(key as K)}
    />
  );
}
