import { createFileRoute } from '@tanstack/react-router';
import { ClosedLoopPage } from '../../../../admin/closed-loop/closed-loop-page.tsx';
import { closedLoopList, closedLoopSearch } from '../../../../admin/closed-loop/search.ts';
import { listData } from '../../../../admin/kit/route-data.ts';

export const Route = createFileRoute('/_desk/admin/report/closedLoopData')({
  validateSearch: closedLoopSearch,
  ...listData(closedLoopList),
  component: ClosedLoopPage,
});
