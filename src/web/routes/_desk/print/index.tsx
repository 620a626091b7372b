import { createFileRoute } from '@tanstack/react-router';
import { PrintIndexPage } from '../../../print/print-index-page.tsx';
import { requireDeskUser } from '../../../session/access.ts';

/** /print: choose what to print by number; the print page of that kind opens with it. */
export const Route = createFileRoute('/_desk/print/')({
  beforeLoad: requireDeskUser,
  component: PrintIndexPage,
});
