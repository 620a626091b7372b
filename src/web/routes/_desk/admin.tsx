import { createFileRoute, redirect } from '@tanstack/react-router';
import { AccountType } from '../../../shared/domain/enums.ts';
import { AdminLayout } from '../../admin/admin-layout.tsx';
import { queries } from '../../api/queries/index.ts';
import { getSession, updateSessionUser } from '../../session/store.ts';

export const Route = createFileRoute('/_desk/admin')({
  beforeLoad: ({ location }) => {
    const session = getSession();
    if (!session) throw redirect({ to: '/login', search: { redirect: location.href } });
    if (session.user.type === AccountType.pda) throw redirect({ to: '/pda' });
  },
  // The stored session is checked with the server (and its user refreshed) before the page shows;
  // offline, the stored session stands until the server can be asked.
  loader: async ({ context }) => {
    if (!navigator.onLine) return;
    updateSessionUser(await context.queryClient.ensureQueryData(queries.auth.me()));
  },
  component: AdminLayout,
});
