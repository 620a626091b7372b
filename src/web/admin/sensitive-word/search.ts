import { int, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';

/** The sensitive-word list keeps its filters and page in the URL. */
export const sensitiveWordSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  word: text(100),
  category: text(50),
});
export type SensitiveWordSearch = SearchOf<typeof sensitiveWordSearch>;
