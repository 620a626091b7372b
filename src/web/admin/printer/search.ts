import { int, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { compact } from '../kit/search.ts';
import { listSpec } from '../kit/use-list-screen.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const printerModule = deskQueries(() => import('../../api/queries/printer.ts'));

/** The printer list keeps its filters and page in the URL. */
export const printerSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  name: text(64),
  depotId: int(1, 2_147_483_647),
  status: int(1, 2),
});
export type PrinterSearch = SearchOf<typeof printerSearch>;

/** The printer list: its request from the URL, read by the screen and loaded by its route. */
export const printerList = listSpec({
  filtersOf: (s: PrinterSearch) => ({ name: s.name, depotId: s.depotId, status: s.status }),
  query: ({ name, depotId, status, pageNo, pageSize }) =>
    printerModule().printerQueries.list({ ...compact({ name, depotId, status }), pageNo, pageSize }),
});
