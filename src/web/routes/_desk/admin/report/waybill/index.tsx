import { createFileRoute } from '@tanstack/react-router';
import { WaybillReportPage } from '../../../../../admin/report/waybill-report-page.tsx';
import { waybillSearch } from '../../../../../admin/report/waybill-search.ts';

export const Route = createFileRoute('/_desk/admin/report/waybill/')({
  validateSearch: waybillSearch,
  component: WaybillReportPage,
});
