import { PRINT_KINDS } from '../../../shared/domain/printing.ts';
import { int, oneOf, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';

/** The Prints screen keeps its filters and page in the URL. */
export const printsSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  printerId: int(1, 2_147_483_647),
  status: int(1, 3),
  kind: oneOf(PRINT_KINDS),
  trackingNo: text(64),
});
export type PrintsSearch = SearchOf<typeof printsSearch>;
