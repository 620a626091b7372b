import { createFileRoute } from '@tanstack/react-router';
import { waybillSearch } from '../../../../../admin/waybill-report/search.ts';
import { WaybillReportPage } from '../../../../../admin/waybill-report/waybill-report-page.tsx';

export const Route = createFileRoute('/_desk/admin/report/waybill/')({
  validateSearch: waybillSearch,
  component: WaybillReportPage,
});
