import { createFileRoute } from '@tanstack/react-router';
import { AdminHome } from '../../../admin/admin-home.tsx';

export const Route = createFileRoute('/_desk/admin/')({
  component: AdminHome,
});
