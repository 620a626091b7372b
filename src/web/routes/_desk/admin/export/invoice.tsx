import { createFileRoute } from '@tanstack/react-router';
import { InvoicePage } from '../../../../admin/invoice/invoice-page.tsx';
import { searchSchema, text } from '../../../../ui/search-params.ts';

export const Route = createFileRoute('/_desk/admin/export/invoice')({
  validateSearch: searchSchema({ nos: text(20_000) }),
  component: InvoicePage,
});
