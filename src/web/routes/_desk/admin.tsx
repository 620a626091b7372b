import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../../admin/shell/admin-layout.tsx';
import { requireDeskUser } from '../../session/access.ts';
import { confirmSession } from '../../session/server-check.ts';
import { LostPage } from '../../ui/status-page.tsx';

export const Route = createFileRoute('/_desk/admin')({
  beforeLoad: requireDeskUser,
  loader: ({ context, location }) => confirmSession(context.queryClient, location.href),
  component: AdminLayout,
  notFoundComponent: LostPage,
});
