import { createFileRoute } from '@tanstack/react-router';
import { screenData } from '../../../../../admin/kit/route-data.ts';
import { WaybillDetailPage } from '../../../../../admin/report/waybill-detail-page.tsx';
import { waybillDetail, waybillDetailSearch } from '../../../../../admin/report/waybill-search.ts';

export const Route = createFileRoute('/_desk/admin/report/waybill/$id')({
  validateSearch: waybillDetailSearch,
  ...screenData(waybillDetail),
  component: WaybillDetailPage,
});
