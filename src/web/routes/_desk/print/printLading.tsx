import { createFileRoute } from '@tanstack/react-router';
import { PrintLadingPage } from '../../../admin/lading/print-lading-page.tsx';
import { printSearch } from '../../../print/search.ts';
import { requireDeskUser } from '../../../session/access.ts';

/** /print/printLading?ids=…: lading bills drawn as HTML (Code128) for the browser's print dialog. */
export const Route = createFileRoute('/_desk/print/printLading')({
  validateSearch: printSearch,
  beforeLoad: requireDeskUser,
  component: PrintLading,
});

function PrintLading() {
  return <PrintLadingPage search={Route.useSearch()} />;
}
