import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AntdProvider } from '../ui/antd-provider.tsx';

/** The Ant Design pages (login and the admin surface), without a path segment of their own. */
export const Route = createFileRoute('/_desk')({
  component: () => (
    <AntdProvider>
      <Outlet />
    </AntdProvider>
  ),
});
