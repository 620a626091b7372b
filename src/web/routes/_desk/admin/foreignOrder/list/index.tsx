import { createFileRoute } from '@tanstack/react-router';
import { listData } from '../../../../../admin/kit/route-data.ts';
import { OriginListPage } from '../../../../../admin/origin-order/origin-list-page.tsx';
import { originList, originListSearch } from '../../../../../admin/origin-order/search.ts';

export const Route = createFileRoute('/_desk/admin/foreignOrder/list/')({
  validateSearch: originListSearch,
  ...listData(originList),
  component: () => <OriginListPage manage={false} />,
});
