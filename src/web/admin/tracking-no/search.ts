import { int, oneOf, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';

/** The tracking-no pool's filters and page, kept in the URL. */
export const poolSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  carrierId: int(1, 2_147_483_647),
  trackingNo: text(40),
  state: oneOf(['used', 'free']),
});
export type PoolSearch = SearchOf<typeof poolSearch>;
