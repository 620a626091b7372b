import { z } from 'zod';
import type { CodListBody } from '../../api/queries/cod.ts';

const int = (min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).optional().catch(undefined);
const text = (max: number) => z.coerce.string().trim().max(max).optional().catch(undefined);
const time = z.iso.datetime({ offset: true }).optional().catch(undefined);

/** report/codModification keeps its filters and page in the URL; a value that does not parse is dropped. */
export const codSearch = z.object({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 200),
  trackingNos: text(20_000),
  status: z.coerce
    .string()
    .pipe(z.enum(['0', '1', '2']))
    .optional()
    .catch(undefined),
  customerId: int(1, 2_147_483_647),
  startTime: time,
  endTime: time,
});
export type CodSearch = z.infer<typeof codSearch>;

export const codFiltersOf = (s: CodSearch): Omit<CodListBody, 'pageNo' | 'pageSize'> => ({
  trackingNos: s.trackingNos,
  status: s.status,
  customerId: s.customerId,
  startTime: s.startTime,
  endTime: s.endTime,
});
