import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { InvoicePage } from '../../../../admin/invoice/invoice-page.tsx';

export const Route = createFileRoute('/_desk/admin/export/invoice')({
  validateSearch: z.object({ nos: z.coerce.string().trim().max(20_000).optional().catch(undefined) }),
  component: InvoicePage,
});
