import { z } from 'zod';
import type { ClosedLoopListBody } from '../../api/queries/closed-loop.ts';

const int = (min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).optional().catch(undefined);
const text = (max: number) => z.coerce.string().trim().max(max).optional().catch(undefined);
const time = z.iso.datetime({ offset: true }).optional().catch(undefined);
const ID_MAX = 2_147_483_647;

export const DEFAULT_PAGE_SIZE = 20;

/** report/closedLoopData keeps its filters and page in the URL; a value that does not parse is dropped. */
export const closedLoopSearch = z.object({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 500),
  trackingNos: text(20_000),
  customerId: int(1, ID_MAX),
  closed: z.enum(['0', '1']).optional().catch(undefined),
  state: int(1, 5),
  payment: z.enum(['0', '1']).optional().catch(undefined),
  timeBasis: z.enum(['sign', 'remit']).optional().catch(undefined),
  startTime: time,
  endTime: time,
});
export type ClosedLoopSearch = z.infer<typeof closedLoopSearch>;
export type ClosedLoopFilterValues = Omit<ClosedLoopSearch, 'pageNo' | 'pageSize'>;

export const closedLoopFiltersOf = (
  s: ClosedLoopFilterValues,
): Omit<ClosedLoopListBody, 'pageNo' | 'pageSize'> => ({
  trackingNos: s.trackingNos,
  customerId: s.customerId,
  closed: s.closed,
  state: s.state,
  payment: s.payment,
  timeBasis: s.timeBasis,
  startTime: s.startTime,
  endTime: s.endTime,
});
