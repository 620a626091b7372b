import { oneOf, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';
import type { RangeValues } from '../kit/filter-form.tsx';
import { listSearchFields } from '../kit/search.ts';

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

export const EXPORTS_PATH = '/admin/exports';
