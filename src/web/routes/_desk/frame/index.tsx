import { createFileRoute } from '@tanstack/react-router';
import { FramePage } from '../../../admin/frame/frame-page.tsx';
import { frameSearch } from '../../../admin/frame/frame-url.ts';
import { AdminLayout } from '../../../admin/shell/admin-layout.tsx';
import { requireDeskUser } from '../../../session/access.ts';
import { confirmSession } from '../../../session/server-check.ts';

/** /frame?url=…: an outside page inside the admin layout. */
export const Route = createFileRoute('/_desk/frame/')({
  validateSearch: frameSearch,
  beforeLoad: requireDeskUser,
  loader: ({ context, location }) => confirmSession(context.queryClient, location.href),
  component: Frame,
});

function Frame() {
  const { url } = Route.useSearch();
  return (
    <AdminLayout>
      <FramePage url={url} />
    </AdminLayout>
  );
}
