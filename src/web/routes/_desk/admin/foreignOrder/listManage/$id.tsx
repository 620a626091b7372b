import { createFileRoute } from '@tanstack/react-router';
import { detailData } from '../../../../../admin/kit/route-data.ts';
import { OriginDetailPage } from '../../../../../admin/origin-order/origin-detail-page.tsx';
import { originDetail, originDetailSearch } from '../../../../../admin/origin-order/search.ts';

export const Route = createFileRoute('/_desk/admin/foreignOrder/listManage/$id')({
  validateSearch: originDetailSearch,
  ...detailData(originDetail),
  component: () => <OriginDetailPage manage />,
});
