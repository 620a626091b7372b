import { createFileRoute } from '@tanstack/react-router';
import { MergePage } from '../../../../admin/package/merge-page.tsx';

export const Route = createFileRoute('/_desk/admin/ladingBll/merge')({
  component: MergePage,
});
