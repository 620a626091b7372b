import { createFileRoute } from '@tanstack/react-router';
import { DefaultLayout } from '../../admin/shell/default-layout.tsx';

/** The default layout (header, then the page) of the top-level pages that have one. */
export const Route = createFileRoute('/_desk/_default')({
  component: DefaultLayout,
});
