import {
  AccountBookOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  ContainerOutlined,
  ControlOutlined,
  GlobalOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The icons a menu entry may name in its `icon` field (Ant Design icon names, as the menu editor
 * stores them). A fixed set, so the bundle holds only these; an unknown name shows a neutral icon.
 */
const ICONS: Record<string, ComponentType> = {
  profile: ProfileOutlined,
  global: GlobalOutlined,
  container: ContainerOutlined,
  safety: SafetyOutlined,
  'account-book': AccountBookOutlined,
  'bar-chart': BarChartOutlined,
  team: TeamOutlined,
  setting: SettingOutlined,
  control: ControlOutlined,
  user: UserOutlined,
  appstore: AppstoreOutlined,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name.trim()] ?? AppstoreOutlined;
  return <Icon />;
}
