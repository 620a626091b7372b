import { createFileRoute } from '@tanstack/react-router';
import { PrinterPage } from '../../../../admin/printer/printer-page.tsx';
import { printerSearch } from '../../../../admin/printer/search.ts';

export const Route = createFileRoute('/_desk/admin/options/printer')({
  validateSearch: printerSearch,
  component: PrinterPage,
});
