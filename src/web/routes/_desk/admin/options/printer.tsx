import { createFileRoute } from '@tanstack/react-router';
import { listData } from '../../../../admin/kit/route-data.ts';
import { PrinterPage } from '../../../../admin/printer/printer-page.tsx';
import { printerList, printerSearch } from '../../../../admin/printer/search.ts';

export const Route = createFileRoute('/_desk/admin/options/printer')({
  validateSearch: printerSearch,
  ...listData(printerList),
  component: PrinterPage,
});
