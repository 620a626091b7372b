import { PRINT_KINDS } from '../../../shared/domain/printing.ts';
import { printerQueries } from '../../api/queries/printer.ts';
import { int, oneOf, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';
import { compact } from '../kit/search.ts';
import { listSpec } from '../kit/use-list-screen.ts';

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

/** The print jobs list: its request from the URL, read by the screen and loaded by its route. */
export const printsList = listSpec({
  filtersOf: (s: PrintsSearch) => ({
    printerId: s.printerId,
    status: s.status,
    kind: s.kind,
    trackingNo: s.trackingNo,
  }),
  query: ({ printerId, status, kind, trackingNo, pageNo, pageSize }) =>
    printerQueries.prints({ ...compact({ printerId, status, kind, trackingNo }), pageNo, pageSize }),
});
