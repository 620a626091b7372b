import { createFileRoute } from '@tanstack/react-router';
import { OriginListPage } from '../../../../../admin/foreign-order/origin-list-page.tsx';
import { originList, originListSearch } from '../../../../../admin/foreign-order/search.ts';
import { listData } from '../../../../../admin/kit/route-data.ts';

export const Route = createFileRoute('/_desk/admin/foreignOrder/list/')({
  validateSearch: originListSearch,
  ...listData(originList),
  component: () => <OriginListPage manage={false} />,
});
