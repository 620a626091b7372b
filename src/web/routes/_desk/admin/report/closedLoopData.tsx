import { createFileRoute } from '@tanstack/react-router';
import { ClosedLoopPage } from '../../../../admin/closed-loop/closed-loop-page.tsx';
import { closedLoopSearch } from '../../../../admin/closed-loop/search.ts';

export const Route = createFileRoute('/_desk/admin/report/closedLoopData')({
  validateSearch: closedLoopSearch,
  component: ClosedLoopPage,
});
