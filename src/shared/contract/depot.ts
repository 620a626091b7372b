import { z } from 'zod';
import { endpoint, id } from './core.ts';

export const depotRecord = z.object({
  recId: z.number().int(),
  code: z.string(),
  name: z.string(),
  countryId: z.number().int().nullable(),
  countryCode: z.string().nullable(),
  /** In the language of the request. */
  countryName: z.string().nullable(),
  address: z.string(),
  status: z.number().int(),
});
export type DepotRecord = z.infer<typeof depotRecord>;

export const depot = {
  list: endpoint({
    method: 'POST',
    path: '/depot/list',
    kind: 'json',
    summary:
      'Enabled depots (warehouses) by code, for pickers on the desk and the PDA; optionally of one country.',
    body: z.object({ countryId: id.optional() }).strict(),
    data: z.array(depotRecord),
    access: { staff: true, pda: true },
  }),
};
