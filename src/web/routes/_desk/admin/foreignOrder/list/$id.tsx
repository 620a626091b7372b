import { createFileRoute } from '@tanstack/react-router';
import { OriginDetailPage } from '../../../../../admin/foreign-order/origin-detail-page.tsx';
import { originDetailSearch } from '../../../../../admin/foreign-order/search.ts';

export const Route = createFileRoute('/_desk/admin/foreignOrder/list/$id')({
  validateSearch: originDetailSearch,
  component: () => <OriginDetailPage manage={false} />,
});
