import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../../admin/dashboard/dashboard-page.tsx';

export const Route = createFileRoute('/_desk/admin/')({
  component: DashboardPage,
});
