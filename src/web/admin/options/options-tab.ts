import type { OptionsSearch } from './search.ts';

/** A tab of /admin/options: its filters and page live in the URL next to the tab's name. */
export interface OptionsTabProps {
  search: OptionsSearch;
  /** Replaces the tab's search values (the tab itself stays). */
  onSearch: (values: Omit<OptionsSearch, 'tab'>) => void;
}
