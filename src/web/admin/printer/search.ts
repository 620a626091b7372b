import { int, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';

/** The printer list keeps its filters and page in the URL. */
export const printerSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  name: text(64),
  depotId: int(1, 2_147_483_647),
  status: int(1, 2),
});
export type PrinterSearch = SearchOf<typeof printerSearch>;
