import { createFileRoute } from '@tanstack/react-router';
import { FramePage } from '../../../admin/frame/frame-page.tsx';
import { frameSearch } from '../../../admin/frame/frame-url.ts';

/** /frame/nomal?url=…: the outside page alone, without the admin layout (full layout). */
export const Route = createFileRoute('/_desk/frame/nomal')({
  validateSearch: frameSearch,
  component: Frame,
});

function Frame() {
  const { url } = Route.useSearch();
  return <FramePage url={url} full />;
}
