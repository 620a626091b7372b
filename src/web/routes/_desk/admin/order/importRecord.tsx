import { createFileRoute } from '@tanstack/react-router';
import { ImportRecordPage } from '../../../../admin/customer-order/import-record-page.tsx';
import { importRecordSearch } from '../../../../admin/customer-order/search.ts';

/** The order imports of every customer, for staff (filtered by customer). */
export const Route = createFileRoute('/_desk/admin/order/importRecord')({
  validateSearch: importRecordSearch,
  component: ImportRecordPage,
});
