import { oneOf, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import type { RangeValues } from '../kit/filter-form.tsx';
import { listSearchFields } from '../kit/search.ts';
import { listSpec } from '../kit/use-list-screen.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const exportTaskModule = deskQueries(() => import('../../api/queries/export-task.ts'));

/** The Exports screen keeps its filters and page in the URL. */
export const exportListSearch = searchSchema({
  ...listSearchFields(),
  name: text(100),
  status: oneOf(['0', '1', '2', '3']),
});
export type ExportListSearch = SearchOf<typeof exportListSearch>;
export type ExportFilterValues = Omit<ExportListSearch, keyof ReturnType<typeof listSearchFields>> &
  RangeValues;

export const exportFiltersOf = (s: ExportFilterValues): ExportFilterValues => ({
  name: s.name,
  status: s.status,
});

/** The exports list: its request from the URL, read by the screen and loaded by its route. */
export const exportList = listSpec({
  filtersOf: (s: ExportListSearch) => exportFiltersOf(s),
  query: ({ status, ...body }, locale) =>
    exportTaskModule().exportTaskQueries.list(locale, {
      ...body,
      ...(status === undefined ? {} : { status: Number(status) }),
    }),
});

export const EXPORTS_PATH = '/admin/export-task';
