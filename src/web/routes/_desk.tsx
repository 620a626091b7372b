import { createFileRoute, Outlet } from '@tanstack/react-router';
import { loadDeskQueries } from '../admin/kit/desk-queries.ts';
import { loadSurfaceMessages } from '../i18n.ts';
import { AntdProvider } from '../ui/antd-provider.tsx';

/** The Ant Design pages (login and the admin surface), without a path segment of their own. */
export const Route = createFileRoute('/_desk')({
  // The desk's messages join the PDA's part before a desk page shows (after /pda, the login page),
  // and the desk's query factories load before any desk page's loader or screen asks for one.
  beforeLoad: () => Promise.all([loadSurfaceMessages('desk'), loadDeskQueries()]),
  component: () => (
    <AntdProvider>
      <Outlet />
    </AntdProvider>
  ),
});
