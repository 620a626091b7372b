import { createFileRoute } from '@tanstack/react-router';
import { FullPlaceholderPage } from '../../../admin/shell/placeholder-page.tsx';

export const Route = createFileRoute('/_desk/print/printBatch')({
  component: FullPlaceholderPage,
});
