import { createFileRoute } from '@tanstack/react-router';
import { PrintCodePage } from '../../../print/print-code-page.tsx';
import { printSearch } from '../../../print/search.ts';
import { requireDeskUser } from '../../../session/access.ts';

/** /print/printCode?ids=…: labels drawn as HTML for the browser's print dialog. */
export const Route = createFileRoute('/_desk/print/printCode')({
  validateSearch: printSearch,
  beforeLoad: requireDeskUser,
  component: PrintCode,
});

function PrintCode() {
  return <PrintCodePage search={Route.useSearch()} />;
}
