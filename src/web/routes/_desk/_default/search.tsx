import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SearchPage } from '../../../admin/search/search-page.tsx';

/** The public tracking search: no login; the numbers asked are kept in the address. */
export const Route = createFileRoute('/_desk/_default/search')({
  staticData: { access: 'public' },
  validateSearch: z.object({
    no: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).slice(0, 2000))
      .optional()
      .catch(undefined),
  }),
  component: SearchPage,
});
