import { createFileRoute } from '@tanstack/react-router';
import { PrintBatchPage } from '../../../admin/batch/print-batch-page.tsx';
import { printSearch } from '../../../print/search.ts';
import { requireDeskUser } from '../../../session/access.ts';

/** /print/printBatch?ids=…: batches drawn as HTML (Code128) for the browser's print dialog. */
export const Route = createFileRoute('/_desk/print/printBatch')({
  validateSearch: printSearch,
  beforeLoad: requireDeskUser,
  component: PrintBatch,
});

function PrintBatch() {
  return <PrintBatchPage search={Route.useSearch()} />;
}
