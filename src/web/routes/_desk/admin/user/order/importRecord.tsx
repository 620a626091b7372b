import { createFileRoute } from '@tanstack/react-router';
import { ImportRecordPage } from '../../../../../admin/customer-order/import-record-page.tsx';
import { importRecordSearch } from '../../../../../admin/customer-order/search.ts';

export const Route = createFileRoute('/_desk/admin/user/order/importRecord')({
  validateSearch: importRecordSearch,
  component: ImportRecordPage,
});
