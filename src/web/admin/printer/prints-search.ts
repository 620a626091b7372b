import { PRINT_KINDS } from '../../../shared/domain/printing.ts';
import { int, oneOf, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { compact } from '../kit/search.ts';
import { listSpec } from '../kit/use-list-screen.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const printerModule = deskQueries(() => import('../../api/queries/printer.ts'));

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
    printerModule().printerQueries.prints({
      ...compact({ printerId, status, kind, trackingNo }),
      pageNo,
      pageSize,
    }),
});
