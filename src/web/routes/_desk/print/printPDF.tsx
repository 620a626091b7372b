import { createFileRoute } from '@tanstack/react-router';
import { PrintPdfPage } from '../../../print/print-pdf-page.tsx';
import { printSearch } from '../../../print/search.ts';
import { requireDeskUser } from '../../../session/access.ts';

/** /print/printPDF?ids=…&kind=label|invoice|originInvoice: the server's PDF, to print or save. */
export const Route = createFileRoute('/_desk/print/printPDF')({
  validateSearch: printSearch,
  beforeLoad: requireDeskUser,
  component: PrintPdf,
});

function PrintPdf() {
  return <PrintPdfPage search={Route.useSearch()} />;
}
