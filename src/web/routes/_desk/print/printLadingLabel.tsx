import { createFileRoute } from '@tanstack/react-router';
import { PrintLadingLabelPage } from '../../../admin/lading/print-lading-label-page.tsx';
import { printSearch } from '../../../print/search.ts';
import { requireDeskUser } from '../../../session/access.ts';

/**
 * /print/printLadingLabel?ids=…: a 100 × 150 mm label per lading bill, drawn as HTML (Code128) for
 * the browser's print dialog. Beyond the spec's routes: its getPrintContentLabel had no page.
 */
export const Route = createFileRoute('/_desk/print/printLadingLabel')({
  validateSearch: printSearch,
  beforeLoad: requireDeskUser,
  component: PrintLadingLabel,
});

function PrintLadingLabel() {
  return <PrintLadingLabelPage search={Route.useSearch()} />;
}
