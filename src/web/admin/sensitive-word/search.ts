import { int, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const sensitiveWordModule = deskQueries(() => import('../../api/queries/sensitive-word.ts'));

/** The sensitive-word list keeps its filters and page in the URL. */
export const sensitiveWordSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  word: text(100),
  category: text(50),
});
export type SensitiveWordSearch = SearchOf<typeof sensitiveWordSearch>;

const sensitiveWordRequest = (s: SensitiveWordSearch) => ({
  ...compact({ word: s.word, category: s.category }),
  pageNo: s.pageNo ?? 1,
  pageSize: s.pageSize ?? DEFAULT_PAGE_SIZE,
});

/** The sensitive words: the request from the URL, read by the screen and loaded by its route. */
export const sensitiveWordList = {
  deps: sensitiveWordRequest,
  query: (body: ReturnType<typeof sensitiveWordRequest>) =>
    sensitiveWordModule().sensitiveWordQueries.list(body),
};
