import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../admin/shell/placeholder-page.tsx';

export const Route = createFileRoute('/_desk/admin/customs/bill-of-lading')({
  component: PlaceholderPage,
});
