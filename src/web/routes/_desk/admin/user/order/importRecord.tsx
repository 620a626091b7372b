import { createFileRoute } from '@tanstack/react-router';
import { ImportRecordPage } from '../../../../../admin/customer-order/import-record-page.tsx';
import { importRecordList, importRecordSearch } from '../../../../../admin/customer-order/search.ts';
import { screenData } from '../../../../../admin/kit/route-data.ts';

export const Route = createFileRoute('/_desk/admin/user/order/importRecord')({
  validateSearch: importRecordSearch,
  ...screenData(importRecordList),
  component: ImportRecordPage,
});
