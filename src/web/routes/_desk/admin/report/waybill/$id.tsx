import { createFileRoute } from '@tanstack/react-router';
import { WaybillDetailPage } from '../../../../../admin/report/waybill-detail-page.tsx';
import { waybillDetailSearch } from '../../../../../admin/report/waybill-search.ts';

export const Route = createFileRoute('/_desk/admin/report/waybill/$id')({
  validateSearch: waybillDetailSearch,
  component: WaybillDetailPage,
});
