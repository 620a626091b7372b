import { createFileRoute } from '@tanstack/react-router';
import { waybillDetailSearch } from '../../../../../admin/waybill-report/search.ts';
import { WaybillDetailPage } from '../../../../../admin/waybill-report/waybill-detail-page.tsx';

export const Route = createFileRoute('/_desk/admin/report/waybill/$id')({
  validateSearch: waybillDetailSearch,
  component: WaybillDetailPage,
});
