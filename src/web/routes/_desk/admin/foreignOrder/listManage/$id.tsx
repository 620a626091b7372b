import { createFileRoute } from '@tanstack/react-router';
import { OriginDetailPage } from '../../../../../admin/foreign-order/origin-detail-page.tsx';
import { originDetail, originDetailSearch } from '../../../../../admin/foreign-order/search.ts';
import { detailData } from '../../../../../admin/kit/route-data.ts';

export const Route = createFileRoute('/_desk/admin/foreignOrder/listManage/$id')({
  validateSearch: originDetailSearch,
  ...detailData(originDetail),
  component: () => <OriginDetailPage manage />,
});
