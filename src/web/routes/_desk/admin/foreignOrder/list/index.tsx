import { createFileRoute } from '@tanstack/react-router';
import { OriginListPage } from '../../../../../admin/foreign-order/origin-list-page.tsx';
import { originListSearch } from '../../../../../admin/foreign-order/search.ts';

export const Route = createFileRoute('/_desk/admin/foreignOrder/list/')({
  validateSearch: originListSearch,
  component: () => <OriginListPage manage={false} />,
});
