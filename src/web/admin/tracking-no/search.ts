import { int, oneOf, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const trackingNoModule = deskQueries(() => import('../../api/queries/tracking-no.ts'));

/** The tracking-no pool's filters and page, kept in the URL. */
export const poolSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  carrierId: int(1, 2_147_483_647),
  trackingNo: text(40),
  state: oneOf(['used', 'free']),
});
export type PoolSearch = SearchOf<typeof poolSearch>;

const poolRequest = (s: PoolSearch) => ({
  ...compact({ carrierId: s.carrierId, trackingNo: s.trackingNo }),
  ...(s.state ? { used: s.state === 'used' } : {}),
  pageNo: s.pageNo ?? 1,
  pageSize: s.pageSize ?? DEFAULT_PAGE_SIZE,
});

/** The tracking number pool: the request from the URL, read by the screen and loaded by its route. */
export const poolList = {
  deps: poolRequest,
  query: (body: ReturnType<typeof poolRequest>) => trackingNoModule().trackingNoQueries.list(body),
};
